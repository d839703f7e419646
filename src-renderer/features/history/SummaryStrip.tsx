import { useDeferredValue, useEffect, useMemo, useRef } from 'react'
import { useServicePrices } from '../../data/serviceExtras'
import { priceKey, pricedHow as provenanceOf } from '../../lib/priceSource'
import { useNow } from '../../lib/useNow'
import { usePriceBook, usePriceBookStore } from '../../stores/priceBook'
import { useConnection } from '../../stores/connection'
import { DEFINITIONS, p95Caveat } from '../../lib/outcomes'
import type { IntentHistoryEntry } from '@contract/service'
import { StatusBadge } from '../../components/StatusBadge'
import { useTokenLabels } from '../../data/reference/tokens'
import { formatCount, formatDuration, formatPercent, formatUsd, shortHex } from '../../lib/format'
import { PerDayChart } from './PerDayPlot'
import { STATUS_KEYS, SummaryFold, extensionFrom, type HistorySummary } from './summary'
import { useThrottled } from '../../lib/useThrottled'
import { useQuotedIntents } from '../../data/useQuotedIntents'

/** Tokens still unpriced are asked of the service's GetTokenPrices (when it has one); the answer joins the profile's price source. */
function useAskServicePrices(profileId: string | undefined, unpriced: ReadonlyArray<{ chainId: number; contractAddress: string }>) {
  const asked = useMemo(() => unpriced.slice(0, 50), [unpriced])
  const answered = useServicePrices(asked)
  useEffect(() => {
    if (!profileId || !answered?.length) return
    usePriceBookStore.getState().learn(profileId, answered.map((p) => [priceKey(p.chainId, p.contractAddress), { usd: p.priceUsd, from: 'service' as const }] as const), Date.now())
  }, [profileId, answered])
}

/** While "load all" grows the list, the strip (its chart above all) is drawn again at most this often. */
const GROWING_REDRAW_MS = 1000
const anotherList = (shown: readonly IntentHistoryEntry[], next: readonly IntentHistoryEntry[]) => extensionFrom(shown, next) < 0

/**
 * Figures over what is loaded (the shown page, or everything "load all" read): counts
 * per status, success rate, durations, volume and a per-day chart. Computed from a
 * deferred copy of the list, as running totals (`SummaryFold`), and drawn again at most
 * once a second while "load all" grows it, so a growing list never stalls scrolling or
 * typing (another list altogether shows at once).
 */
export function SummaryStrip({ entries, scope }: { entries: readonly IntentHistoryEntry[]; scope: string }) {
  const deferred = useDeferredValue(useThrottled(entries, GROWING_REDRAW_MS, anotherList))
  const intents = useQuotedIntents(deferred)
  const tokens = useTokenLabels()
  const profileId = useConnection((s) => s.info?.activeProfileId)
  const book = usePriceBook(profileId)
  // Running totals: each page "load all" adds is folded in, not the whole list again.
  const fold = useRef<SummaryFold | null>(null)
  const folded = useMemo(() => ({ fold: (fold.current ??= new SummaryFold()).update(deferred) }), [deferred])
  const summary = useMemo(() => folded.fold.summary({ intents, tokens, book }), [folded, intents, tokens, book])
  useAskServicePrices(profileId, summary.unpricedTokens)
  const { days, leftOut } = useMemo(() => folded.fold.perDay(), [folded])
  if (summary.total === 0) return null
  return (
    <section className="card history-summary" aria-label="Summary of loaded intents">
      <div className="history-summary-figures">
        <div className="history-figure">
          <span className="muted small">{scope}</span>
          <strong data-testid="history-summary-total">{formatCount(summary.total)} intents</strong>
        </div>
        <div className="history-figure">
          <span className="muted small">Success rate</span>
          <strong data-testid="history-summary-success">{formatPercent(summary.successRate, 1)}</strong>
          <span className="muted small">
            {formatCount(summary.counts.SUCCEEDED)} succeeded of {formatCount(summary.finished)} finished
          </span>
          <span className="muted small figure-definition">{DEFINITIONS.successRate}</span>
        </div>
        <div className="history-figure">
          <span className="muted small">Median duration</span>
          <strong data-testid="history-summary-median">{formatDuration(summary.medianDurationMs)}</strong>
          <span className="muted small" data-testid="history-summary-p95">
            p95 {formatDuration(summary.p95DurationMs)} · {formatCount(summary.timedCount)} timed
            {p95Caveat(summary.timedCount) ? ` (${p95Caveat(summary.timedCount)})` : ''}
          </span>
          <span className="muted small figure-definition">{DEFINITIONS.duration}</span>
        </div>
        <VolumeFigure summary={summary} />
        <ul className="history-status-counts" aria-label="Intents per status">
          {STATUS_KEYS.filter((s) => summary.counts[s] > 0).map((s) => (
            <li key={s} data-status={s}>
              <StatusBadge status={s === 'UNKNOWN' ? undefined : s} /> {formatCount(summary.counts[s])}
            </li>
          ))}
        </ul>
      </div>
      {days.length ? <PerDayChart days={days} /> : null}
      {leftOut ? (
        <p className="muted small" data-testid="history-summary-left-out">
          {formatCount(leftOut)} {leftOut === 1 ? 'intent is' : 'intents are'} not drawn: created before 2009, after tomorrow, or more than ten years before the newest day
        </p>
      ) : null}
    </section>
  )
}

/** The reasons shown inline; the rest open under "N more reasons". */
const SHOWN_REASONS = 2

/** "61 unpriced: WETH has no known price (40), DAI has no known price (21)" */
export function unpricedText(unpriced: HistorySummary['unpriced']): string {
  const total = unpriced.reduce((n, r) => n + r.count, 0)
  if (!total) return ''
  const shown = unpriced.slice(0, SHOWN_REASONS).map((r) => (unpriced.length > 1 ? `${r.reason} (${formatCount(r.count)})` : r.reason))
  return `${formatCount(total)} unpriced: ${shown.join(', ')}`
}

/** Every reason an entry is unpriced, opened from "N more reasons". */
function UnpricedReasons({ unpriced }: { unpriced: HistorySummary['unpriced'] }) {
  return (
    <details className="small" data-testid="history-summary-unpriced-all">
      <summary>{formatCount(unpriced.length - SHOWN_REASONS)} more reasons</summary>
      <ul aria-label="Why intents are unpriced">
        {unpriced.map((r) => (
          <li key={r.reason}>
            {formatCount(r.count)}: {r.reason}
          </li>
        ))}
      </ul>
    </details>
  )
}

/** How one token's price was had: the book's provenance, or a quote found only in this computer's cache. */
function tokenPricedHow(price: HistorySummary['pricedTokens'][number]['price'], now: number): string {
  if (price.at !== undefined) return provenanceOf({ ...price, at: price.at }, now)
  if (price.from === 'quote') return `priced from a quote${price.intentId ? ` of intent ${shortHex(price.intentId)}` : ''} in this computer's cache (when it was fetched is not known)`
  return 'priced from the balances loaded here'
}

/** Every token the volume was valued with, and how each was priced (the same price every view uses). */
function PricedTokens({ priced }: { priced: HistorySummary['pricedTokens'] }) {
  const now = useNow(30_000)
  return (
    <details className="small" data-testid="history-summary-priced-tokens">
      <summary>How {formatCount(priced.length)} token{priced.length === 1 ? ' was' : 's were'} priced</summary>
      <ul aria-label="How each token was priced">
        {priced.map((t) => (
          <li key={t.name}>
            {t.name}: {formatUsd(t.price.usd)} — {tokenPricedHow(t.price, now)}
          </li>
        ))}
      </ul>
    </details>
  )
}

/** "3 at quote prices, 1 at the service's prices": how the figure was priced. */
function pricedHow(pricedFrom: HistorySummary['pricedFrom']): string {
  const parts = [
    pricedFrom.quote && `${formatCount(pricedFrom.quote)} at quote prices`,
    pricedFrom.balance && `${formatCount(pricedFrom.balance)} at balance prices`,
    pricedFrom.service && `${formatCount(pricedFrom.service)} at the service’s prices`,
  ]
  return parts.filter(Boolean).join(', ')
}

function VolumeFigure({ summary }: { summary: HistorySummary }) {
  const { pricedCount, succeededCount, pricedFrom, unpriced } = summary
  const title = [
    'What succeeded intents sent, valued at the profile’s prices: every USD figure the service has answered in any view (quotes, balances) and its GetTokenPrices where it has one. A token with no known price is left out, never guessed.',
    pricedHow(pricedFrom),
  ]
  return (
    <div className="history-figure" title={title.filter(Boolean).join('\n')}>
      <span className="muted small">Volume (USD)</span>
      <strong data-testid="history-summary-volume">{pricedCount ? formatUsd(summary.volumeUsd) : '—'}</strong>
      <span className="muted small" data-testid="history-summary-priced">
        {pricedCount ? `from ${formatCount(pricedCount)} of ${formatCount(succeededCount)} succeeded` : `none of ${formatCount(succeededCount)} succeeded priced`}
      </span>
      {pricedCount ? (
        <span className="muted small" data-testid="history-summary-priced-how">
          {pricedHow(pricedFrom)}
        </span>
      ) : null}
      {unpriced.length ? (
        <span className="muted small" data-testid="history-summary-unpriced">
          {unpricedText(unpriced)}
        </span>
      ) : null}
      {unpriced.length > SHOWN_REASONS ? <UnpricedReasons unpriced={unpriced} /> : null}
      {summary.pricedTokens.length ? <PricedTokens priced={summary.pricedTokens} /> : null}
    </div>
  )
}
