import { useEffect, useMemo } from 'react'
import { useSearchParams } from 'react-router'
import type { ChainInfo } from '@contract/service'
import { DataTable, type Column } from '../../components/DataTable'
import { EmptyState } from '../../components/EmptyState'
import { ErrorNotice } from '../../components/ErrorNotice'
import { useBridgeQuery } from '../../lib/useBridgeQuery'
import { useChains } from '../../stores/chains'
import { ChainLogo } from './ChainLogo'

const yesNo = (v: boolean | undefined) => (v === undefined ? '—' : v ? 'Yes' : 'No')

const columns: Column<ChainInfo>[] = [
  {
    id: 'name',
    header: 'Chain',
    sortValue: (c) => c.name.toLowerCase(),
    cell: (c) => (
      <span className="chain-name">
        <ChainLogo name={c.name} uri={c.logoUri} />
        {c.name}
      </span>
    ),
  },
  { id: 'id', header: 'Chain id', align: 'right', sortValue: (c) => c.id, cell: (c) => c.id },
  {
    id: 'native',
    header: 'Native currency',
    sortValue: (c) => c.nativeCurrency.symbol,
    cell: (c) => (
      <span title={`${c.nativeCurrency.name}, ${c.nativeCurrency.decimals} decimals`}>
        {c.nativeCurrency.symbol} <span className="muted">({c.nativeCurrency.decimals})</span>
      </span>
    ),
  },
  {
    id: 'explorer',
    header: 'Block explorer',
    cell: (c) =>
      c.blockExplorer?.url ? (
        <a href={c.blockExplorer.url} target="_blank" rel="noreferrer noopener">
          {c.blockExplorer.name || new URL(c.blockExplorer.url).host}
        </a>
      ) : (
        '—'
      ),
  },
  { id: 'testnet', header: 'Testnet', sortValue: (c) => (c.isTestnet ? 1 : 0), cell: (c) => yesNo(c.isTestnet) },
  {
    id: 'bridging',
    header: 'Bridging',
    sortValue: (c) => (c.supportsBridging ? 1 : 0),
    cell: (c) => yesNo(c.supportsBridging),
  },
]

export function ChainsView() {
  const [params, setParams] = useSearchParams()
  const provider = params.get('provider') ?? ''
  const text = params.get('q') ?? ''
  const query = useBridgeQuery('getChains', provider ? { routeProvider: provider } : {})
  const setAllChains = useChains((s) => s.set)

  useEffect(() => {
    if (query.status === 'ok' && !provider) setAllChains(query.data.data.chains)
  }, [query, provider, setAllChains])

  const update = (key: string, value: string) =>
    setParams(
      (p) => {
        if (value) p.set(key, value)
        else p.delete(key)
        return p
      },
      { replace: true },
    )

  const chains = query.status === 'ok' ? query.data.data.chains : query.status === 'loading' ? query.previous?.data.chains : undefined
  const shown = useMemo(() => {
    const needle = text.trim().toLowerCase()
    if (!chains || !needle) return chains ?? []
    return chains.filter((c) => c.name.toLowerCase().includes(needle) || String(c.id) === needle)
  }, [chains, text])

  return (
    <section className="view" aria-labelledby="chains-title">
      <header className="view-header">
        <h1 id="chains-title">Chains</h1>
        <div className="toolbar">
          <label>
            Search
            <input type="search" value={text} placeholder="Name or chain id" onChange={(e) => update('q', e.target.value)} />
          </label>
          <label>
            Route provider
            <input
              value={provider}
              placeholder="Any (e.g. AUTO)"
              onChange={(e) => update('provider', e.target.value.toUpperCase().replace(/[^A-Z0-9_]/g, ''))}
            />
          </label>
          <button type="button" onClick={query.reload} disabled={query.status === 'loading'}>
            Refresh
          </button>
        </div>
      </header>
      {query.status === 'error' ? <ErrorNotice error={query.error} onRetry={query.reload} /> : null}
      {query.status === 'loading' && !chains ? <p className="muted">Loading chains…</p> : null}
      {chains ? (
        shown.length ? (
          <>
            <p className="muted">
              {shown.length} of {chains.length} chains{provider ? ` supported by ${provider}` : ''}
            </p>
            <DataTable label="Chains" columns={columns} rows={shown} rowKey={(c) => String(c.id)} initialSort={{ column: 'name', dir: 'asc' }} />
          </>
        ) : (
          <EmptyState title="No chains match">
            {text ? `Nothing matches “${text}”` : null}
            {provider ? ` for route provider ${provider}` : null}.
          </EmptyState>
        )
      ) : null}
    </section>
  )
}
