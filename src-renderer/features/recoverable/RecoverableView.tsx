import { useMemo, useState } from 'react'
import { useSearchParams } from 'react-router'
import { CachedNotice } from '../../components/CachedNotice'
import { EmptyState } from '../../components/EmptyState'
import { QueryNotices } from '../../components/QueryNotices'
import { FormField } from '../../components/FormField'
import { Hex } from '../../components/Hex'
import { IntentLink } from '../../components/IntentLink'
import { datedFilename, downloadText } from '../../lib/download'
import { countOf, formatUsd } from '../../lib/format'
import { useChainsById } from '../../lib/displaySources'
import { chainName } from '../../lib/chains'
import { useConnection } from '../../stores/connection'
import { useWallet, WALLET_CAP } from './useWallet'
import { amountOf, recoverableCsv, recoverableTotals, type TokenTotal } from './totals'
import { PricedUsd } from '../../components/PricedUsd'
import { sumAll } from '../../lib/priceSource'
import { usePriceBook } from '../../stores/priceBook'
import { ViewHeader } from '../../components/ViewHeader'
import { namedTokenProblem } from '@contract/formats'

function TotalCard({ t }: { t: TokenTotal }) {
  const chains = useChainsById()
  return (
    <details className="card recoverable-total" data-token-key={t.key}>
      <summary>
        <strong>{amountOf(t.total, t)}</strong> on {chainName(chains, t.chainId)} · <PricedUsd sum={t.value} label={`USD value of ${t.symbol ?? t.key}`} /> · {countOf(t.parts.length, 'intent')}
      </summary>
      <ul aria-label={`Intents behind ${t.symbol ?? t.key}`}>
        {t.parts.map((p) => (
          <li key={`${p.intentId}|${p.intentAddress}`}>
            <IntentLink intentId={p.intentId} />{' '}
            {p.status} — {amountOf(p.balance, t)} {p.usd !== undefined ? `(${formatUsd(p.usd)})` : ''} at <Hex value={p.intentAddress} kind="address" chainId={t.chainId} />
          </li>
        ))}
      </ul>
    </details>
  )
}

/** Shows the wallet, unless it is a look-alike of an address: then only says why. */
function showWallet(owner: string, setParams: (p: Record<string, string>) => void, setProblem: (p: string | undefined) => void) {
  const problem = namedTokenProblem(owner, 'address')
  if (problem) setProblem(problem)
  else setParams({ owner })
}

export function RecoverableView() {
  const [params, setParams] = useSearchParams()
  const owner = (params.get('owner') ?? '').trim()
  const [draft, setDraft] = useState(owner)
  // A look-alike of an address (a Cyrillic “с” for “c”) is refused, from the box or a link.
  const [problem, setProblem] = useState<string>()
  const refused = namedTokenProblem(owner, 'address')
  const wallet = useWallet(refused ? '' : owner)
  const loading = wallet.status === 'loading'
  // What is shown, and whether it came from the cache: kept while a reload runs or after it failed.
  const shown = wallet.shown
  // Valued at the profile's one price source, as every other view values the same tokens.
  const book = usePriceBook(useConnection((s) => s.info?.activeProfileId))
  const totals = useMemo(() => (shown && shown.data.owner === owner ? recoverableTotals(shown.data.entries, book) : []), [shown, owner, book])
  const worth = sumAll(totals.map((t) => t.value))

  return (
    <section className="view recoverable-view" aria-labelledby="recoverable-title">
      <ViewHeader title="Recoverable funds" titleId="recoverable-title">
        <form className="toolbar" onSubmit={(e) => (e.preventDefault(), showWallet(draft.trim(), setParams, setProblem))}>
          <FormField label="Wallet (owner address)" error={problem ?? (refused && draft.trim() === owner ? refused : undefined)}>
            <input value={draft} onChange={(e) => (setDraft(e.target.value), setProblem(undefined))} placeholder="0x…" spellCheck={false} />
          </FormField>
          <button type="submit" disabled={!draft.trim()}>Show</button>
          <button type="button" disabled={!owner || loading} onClick={wallet.reload}>Refresh</button>
          <button type="button" disabled={!totals.length} onClick={() => downloadText(recoverableCsv(totals), datedFilename('recoverable-funds-by-token', 'csv'), 'text/csv')}>Export CSV</button>
        </form>
      </ViewHeader>
      <QueryNotices query={wallet} uncached={<CachedNotice />} loading="Reading the wallet's recoverable intents…" />
      {!owner ? <EmptyState title="Which wallet?">Enter an owner address to total the funds its failed or aborted intents left behind, by chain and token.</EmptyState> : null}
      {owner && shown && !loading ? (
        <p className="muted small" role="status" aria-label="Wallet summary">
          {totals.length ? (
            <>
              <PricedUsd sum={worth} label="USD value of the wallet's recoverable funds" /> in {totals.length} token{totals.length > 1 ? 's' : ''} across {new Set(totals.flatMap((t) => t.parts.map((p) => p.intentId))).size} intents
            </>
          ) : (
            'Nothing recoverable'
          )}
          {shown.fromCache ? ' (from the cache)' : ''}
          {!shown.data.complete ? `; the first ${WALLET_CAP} intents only` : ''}.
        </p>
      ) : null}
      {totals.map((t) => <TotalCard key={t.key} t={t} />)}
    </section>
  )
}
