import { useMemo } from 'react'
import { useSearchParams } from 'react-router'
import { CachedNotice } from '../../components/CachedNotice'
import { DataTable } from '../../components/DataTable'
import { EmptyState } from '../../components/EmptyState'
import { ErrorNotice } from '../../components/ErrorNotice'
import { FormField } from '../../components/FormField'
import { useChainList } from '../../data/reference/chains'
import { CHAIN_COLUMNS } from './chainColumns'
import { filterChains } from './filterChains'
import { ProviderPicker } from './ProviderPicker'
import { ViewHeader } from '../../components/ViewHeader'

export function ChainsView() {
  const [params, setParams] = useSearchParams()
  const provider = params.get('provider') ?? ''
  const text = params.get('q') ?? ''
  const query = useChainList(provider)

  const update = (key: string, value: string) =>
    setParams(
      (p) => {
        if (value) p.set(key, value)
        else p.delete(key)
        return p
      },
      { replace: true },
    )

  const shown = query.shown
  const chains = shown?.data
  const matching = useMemo(() => (chains ? filterChains(chains, text) : []), [chains, text])

  return (
    <section className="view" aria-labelledby="chains-title">
      <ViewHeader title="Chains" titleId="chains-title">
        <div className="toolbar">
          <FormField label="Search">
            <input type="search" value={text} placeholder="Name or chain id" onChange={(e) => update('q', e.target.value)} />
          </FormField>
          <ProviderPicker value={provider} onChange={(code) => update('provider', code)} />
          <button type="button" onClick={query.reload} disabled={query.status === 'loading'}>
            {query.status === 'loading' ? 'Loading…' : 'Refresh'}
          </button>
        </div>
      </ViewHeader>
      {shown?.fromCache ? <CachedNotice fetchedAt={shown.fetchedAt} failure={shown.liveError} onRetry={query.reload} /> : null}
      {query.status === 'error' ? <ErrorNotice error={query.error} onRetry={query.reload} /> : null}
      {query.status === 'uncached' ? (
        <EmptyState title="No chains cached">
          {provider
            ? `The app is offline, and the cache does not record which chains ${provider} supports. Clear the route provider to see every cached chain.`
            : 'The app is offline and has never loaded the chain list for this profile.'}
        </EmptyState>
      ) : null}
      {query.status === 'loading' && !chains ? <p className="muted">Loading chains…</p> : null}
      {chains ? (
        matching.length ? (
          <>
            <p className="muted" role="status">
              {matching.length} of {chains.length} chains{provider ? ` supported by ${provider}` : ''}
            </p>
            <DataTable
              label="Chains"
              columns={CHAIN_COLUMNS}
              rows={matching}
              rowKey={(c) => String(c.id)}
              initialSort={{ column: 'name', dir: 'asc' }}
            />
          </>
        ) : (
          <EmptyState title="No chains match">
            {chains.length === 0
              ? `The service lists no chains${provider ? ` for route provider ${provider}` : ''}.`
              : `Nothing matches “${text}”${provider ? ` among the chains ${provider} supports` : ''}.`}
          </EmptyState>
        )
      ) : null}
    </section>
  )
}
