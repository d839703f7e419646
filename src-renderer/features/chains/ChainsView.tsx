import { useMemo } from 'react'
import type { ChainInfo } from '@contract/service'
import { CopyButton } from '../../components/CopyButton'
import { DataTable, type Column } from '../../components/DataTable'
import { EmptyState } from '../../components/EmptyState'
import { ExternalLink } from '../../components/ExternalLink'
import { FormField } from '../../components/FormField'
import { Logo } from '../../components/Logo'
import { yesNo } from '../../lib/format'
import { useChainList } from '../../data/reference/chains'
import { useUrlParam } from '../../lib/useUrlParam'
import { ProviderPicker } from './ProviderPicker'
import { ViewHeader } from '../../components/ViewHeader'
import { QueryNotices } from '../../components/QueryNotices'
import { RefreshButton } from '../../components/RefreshButton'

const notReported = <span className="muted" title="Not reported by the service">—</span>

/** A yes/no field as a sort value: no before yes; unreported has none. */
const flagOrder = (v: boolean | undefined) => (v === undefined ? undefined : Number(v))

const explorerHost = (url: string): string => (URL.canParse(url) ? new URL(url).host : url)

/** Every ChainInfo field, whichever of the spec's two shapes the service answered with. */
const CHAIN_COLUMNS: Column<ChainInfo>[] = [
  {
    id: 'name',
    header: 'Chain',
    sortValue: (c) => c.name.toLowerCase(),
    cell: (c) => (
      <span className="chain-name">
        <Logo name={c.name} uri={c.logoUri} />
        {c.name}
      </span>
    ),
  },
  {
    id: 'id',
    header: 'Chain id',
    align: 'right',
    sortValue: (c) => c.id,
    cell: (c) => (
      <span className="mono">
        {c.id}
        <CopyButton text={String(c.id)} />
      </span>
    ),
  },
  { id: 'currency', header: 'Native currency', sortValue: (c) => c.nativeCurrency.name.toLowerCase(), cell: (c) => c.nativeCurrency.name },
  { id: 'symbol', header: 'Symbol', sortValue: (c) => c.nativeCurrency.symbol, cell: (c) => c.nativeCurrency.symbol },
  { id: 'decimals', header: 'Decimals', align: 'right', sortValue: (c) => c.nativeCurrency.decimals, cell: (c) => c.nativeCurrency.decimals },
  {
    id: 'explorer',
    header: 'Block explorer',
    sortValue: (c) => c.blockExplorer?.name?.toLowerCase() ?? c.blockExplorer?.url,
    cell: (c) =>
      c.blockExplorer?.url ? (
        <ExternalLink href={c.blockExplorer.url}>{c.blockExplorer.name || explorerHost(c.blockExplorer.url)}</ExternalLink>
      ) : (
        <span className="muted" title="The service gave no explorer for this chain">—</span>
      ),
  },
  { id: 'testnet', header: 'Testnet', sortValue: (c) => flagOrder(c.isTestnet), cell: (c) => yesNo(c.isTestnet, notReported) },
  { id: 'bridging', header: 'Bridging', sortValue: (c) => flagOrder(c.supportsBridging), cell: (c) => yesNo(c.supportsBridging, notReported) },
]

/**
 * Chains whose name contains the text (any case) or whose id is the number typed; an id
 * prefix also matches, so "421" finds 42161 and 421614 while the user is still typing.
 */
export function filterChains(chains: readonly ChainInfo[], text: string): ChainInfo[] {
  const needle = text.trim().toLowerCase()
  if (!needle) return [...chains]
  const isId = /^\d+$/.test(needle)
  return chains.filter((c) => c.name.toLowerCase().includes(needle) || (isId && String(c.id).startsWith(needle)))
}

export function ChainsView() {
  const [provider, setProvider] = useUrlParam('provider')
  const [text, setText] = useUrlParam('q')
  const query = useChainList(provider)

  const shown = query.shown
  const chains = shown?.data
  const matching = useMemo(() => (chains ? filterChains(chains, text) : []), [chains, text])

  return (
    <section className="view" aria-labelledby="chains-title">
      <ViewHeader title="Chains" titleId="chains-title">
        <div className="toolbar">
          <FormField label="Search">
            <input type="search" value={text} placeholder="Name or chain id" onChange={(e) => setText(e.target.value)} />
          </FormField>
          <ProviderPicker value={provider} onChange={setProvider} />
          <RefreshButton query={query} />
        </div>
      </ViewHeader>
      <QueryNotices
        query={query}
        loading="Loading chains…"
        uncached={
          <EmptyState title="No chains cached">
            {provider
              ? `The app is offline, and the cache does not record which chains ${provider} supports. Clear the route provider to see every cached chain.`
              : 'The app is offline and has never loaded the chain list for this profile.'}
          </EmptyState>
        }
      />
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
