import { useMemo, useState, type FormEvent } from 'react'
import { Link, useSearchParams } from 'react-router'
import type { ChainInfo, EarnPool, GetEarnPoolsRequest } from '@contract/service'
import { readEarnPools } from '../../db'
import { bridgeCall } from '../../data/liveOrCached'
import { useServiceQuery } from '../../data/useServiceQuery'
import { DataTable, type Column } from '../../components/DataTable'
import { EmptyState } from '../../components/EmptyState'
import { ExternalLink } from '../../components/ExternalLink'
import { FormField } from '../../components/FormField'
import { Hex } from '../../components/Hex'
import { Logo } from '../../components/Logo'
import { ViewHeader } from '../../components/ViewHeader'
import { QueryNotices } from '../../components/QueryNotices'
import { RefreshButton } from '../../components/RefreshButton'
import { formatDateTime, formatUsd } from '../../lib/format'
import { useChainsById } from '../../lib/displaySources'
import { chainName } from '../../lib/chains'
import { ChainsPicker } from '../../components/ChainsPicker'
import { hasProblems } from '../../lib/filterCodec'
import { useDraft } from '../../lib/useDraft'
import { earnFilters, filterEarnPools, formatApy, type EarnFilterDraft } from './earnFilters'

/** GetEarnPools for valid filters (null while the form holds a problem), or the cache offline. */
function useEarnPools(request: GetEarnPoolsRequest | null) {
  return useServiceQuery('getEarnPools', request, (profileId, args) => ({
    live: (signal) => bridgeCall('getEarnPools', args, { signal }),
    cached: async () => {
      const hit = await readEarnPools(profileId)
      return hit && { data: { ...hit.response, pools: filterEarnPools(hit.response.pools, args) }, fetchedAt: hit.fetchedAt }
    },
  }))
}

function earnColumns(chains: ReadonlyMap<number, ChainInfo>): Column<EarnPool>[] {
  return [
    {
      id: 'name',
      header: 'Pool',
      sortValue: (p) => (p.name ?? p.id).toLowerCase(),
      cell: (p) => <span title={p.id}>{p.name ?? p.id}</span>,
      wrap: true,
    },
    { id: 'protocol', header: 'Protocol', sortValue: (p) => p.protocol?.toLowerCase(), cell: (p) => p.protocol ?? '—' },
    { id: 'chain', header: 'Chain', sortValue: (p) => chainName(chains, p.chainId), cell: (p) => chainName(chains, p.chainId), wrap: true },
    {
      id: 'token',
      header: 'Token',
      sortValue: (p) => p.token?.symbol,
      cell: (p) =>
        p.token ? (
          <span className="chain-name" title={p.token.name}>
            <Logo name={p.token.symbol ?? '?'} uri={p.token.logoUrl} />
            {p.token.symbol ?? '—'}
            <Hex value={p.token.address} kind="address" chainId={p.chainId} />
          </span>
        ) : (
          '—'
        ),
      wrap: true,
    },
    { id: 'apy', header: 'APY', align: 'right', sortValue: (p) => p.apy, cell: (p) => formatApy(p.apy) },
    { id: 'tvl', header: 'TVL', align: 'right', sortValue: (p) => p.tvl, cell: (p) => formatUsd(p.tvl) },
    {
      id: 'active',
      header: 'Deposits',
      sortValue: (p) => (p.isActive === undefined ? undefined : p.isActive ? 1 : 0),
      cell: (p) =>
        p.isActive === undefined ? '—' : <span className={`badge ${p.isActive ? 'tone-ok' : 'tone-bad'}`}>{p.isActive ? 'open' : 'closed'}</span>,
    },
    {
      id: 'deposit',
      header: 'Deposit address (native gateway)',
      cell: (p) => (
        <>
          <Hex value={p.depositAddress} kind="address" chainId={p.chainId} />
          {p.wrappedTokenGatewayAddress ? (
            <span className="cell-sub">
              gateway <Hex value={p.wrappedTokenGatewayAddress} kind="address" chainId={p.chainId} />
            </span>
          ) : null}
        </>
      ),
    },
    {
      id: 'links',
      header: 'Links',
      cell: (p) => (
        <span className="row">
          {p.poolUrl ? <ExternalLink href={p.poolUrl}>Pool</ExternalLink> : null}
          {p.protocolUrl ? <ExternalLink href={p.protocolUrl}>Protocol</ExternalLink> : null}
          {!p.poolUrl && !p.protocolUrl ? '—' : null}
        </span>
      ),
      wrap: true,
    },
  ]
}

function EarnFiltersForm({ applied, onApply }: { applied: EarnFilterDraft; onApply(d: EarnFilterDraft): void }) {
  // A new URL (back, a bookmark) resets the form; typing leaves the URL alone.
  const [draft, setDraft] = useDraft(applied)
  const [checked, setChecked] = useState(false)
  const { problems } = earnFilters.toRequest(draft)
  const shown = checked ? problems : {}

  const submit = (e: FormEvent) => {
    e.preventDefault()
    setChecked(true)
    if (!hasProblems(problems)) onApply(draft)
  }
  return (
    <form className="toolbar earn-filters" onSubmit={submit} aria-label="Earn pool filters" noValidate>
      <ChainsPicker value={draft.chainIds} onChange={(chainIds) => setDraft({ ...draft, chainIds })} error={shown.chainIds} />
      <FormField label="Protocols" help="Comma-separated names" error={shown.protocols}>
        <input value={draft.protocols} placeholder="Any protocol" onChange={(e) => setDraft({ ...draft, protocols: e.target.value })} />
      </FormField>
      <FormField label="Minimum TVL (USD)" error={shown.minTvl}>
        <input inputMode="decimal" value={draft.minTvl} placeholder="0" onChange={(e) => setDraft({ ...draft, minTvl: e.target.value })} />
      </FormField>
      <FormField label="Maximum APY (%)" error={shown.maxApy}>
        <input inputMode="decimal" value={draft.maxApy} placeholder="Any" onChange={(e) => setDraft({ ...draft, maxApy: e.target.value })} />
      </FormField>
      <button type="submit" className="primary">
        Apply
      </button>
    </form>
  )
}

export function EarnView() {
  const [params, setParams] = useSearchParams()
  const applied = useMemo(() => earnFilters.decode(params), [params])
  const { request, problems } = useMemo(() => earnFilters.toRequest(applied), [applied])
  const query = useEarnPools(hasProblems(problems) ? null : request)
  const shown = query.shown
  const chains = useChainsById()
  const columns = useMemo(() => earnColumns(chains), [chains])
  const data = shown?.data

  return (
    <section className="view" aria-labelledby="earn-title">
      <ViewHeader title="Earn pools" titleId="earn-title">
        <RefreshButton query={query} />
      </ViewHeader>
      <div className="notice notice-warn earn-deprecated" role="note">
        <strong>Deprecated.</strong> The service keeps GetEarnPools only for older clients; its replacement is{' '}
        <Link to="/yield">Yield markets</Link>, with more markets, reward components and positions.
      </div>
      <EarnFiltersForm applied={applied} onApply={(d) => setParams((p) => earnFilters.encode(d, p))} />
      {hasProblems(problems) ? (
        <div className="notice notice-error" role="alert">
          The filters in this link are not valid: {Object.values(problems).join('; ')}. Fix them above and apply.
        </div>
      ) : null}
      <QueryNotices
        query={query}
        loading="Loading earn pools…"
        uncached={<EmptyState title="No cached earn pools">The app is offline and earn pools were never loaded for this profile.</EmptyState>}
      />
      {data ? (
        <>
          <p className="muted" role="status" data-testid="earn-meta">
            {data.pools.length} pools · data from {formatDateTime(data.timestamp)}
            {' · '}
            <span className={`badge ${data.cached ? 'tone-warn' : 'tone-ok'}`} title={data.cached ? 'The service answered from its own cache' : undefined}>
              {data.cached ? "served from the service's cache" : 'fresh from the service'}
            </span>
          </p>
          {data.pools.length ? (
            <div className="earn-scroll">
              <DataTable label="Earn pools" columns={columns} rows={data.pools} rowKey={(p) => p.id} initialSort={{ column: 'apy', dir: 'desc' }} />
            </div>
          ) : (
            <EmptyState title="No pools match">No pool matches these filters. Widen the chains, protocols, TVL or APY.</EmptyState>
          )}
        </>
      ) : null}
    </section>
  )
}
