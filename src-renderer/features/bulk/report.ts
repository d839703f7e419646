import type { SvcError } from '@contract/errors'
import type { CsvColumn } from '@contract/csv'
import type { InputKind } from '../../lib/classifyInput'
import { tokenLabel, type TokenLabels } from '../../lib/displaySources'
import { tokenUnits } from '../../lib/format'
import type { ParsedKeys } from './keys'
import type { BulkMatch } from './resolve'

/** What one key led to; absent when its lookup did not run (cancelled). */
export interface KeyOutcome {
  matches?: BulkMatch[]
  error?: SvcError
  /** The service call failed; `matches` are the cache's, fetched at `fetchedAt`. */
  liveError?: SvcError
  fetchedAt?: number
}

/** One pasted line's fate: a key with its outcome, or a line that was not looked up. */
export interface KeyRow {
  /** The pasted line, counted from 1. */
  line?: number
  /** The line as pasted (trimmed), or the key when it came from a link. */
  input: string
  key?: string
  kind?: InputKind
  /** "matched", "matched 3", "nothing found", "not a key", "failed: …", "repeat of line 4", "not looked up". */
  outcome: string
  matches: BulkMatch[]
  /** Its service call failed and the matches are the cache's (the outcome says which call, and when they were fetched). */
  fromCache?: true
}

function outcomeText(o: KeyOutcome | undefined): string {
  if (!o) return 'not looked up'
  if (o.error) return `failed: ${o.error.message}`
  const n = o.matches?.length ?? 0
  const found = n === 0 ? 'nothing found' : n === 1 ? 'matched' : `matched ${n}`
  if (!o.liveError || o.fetchedAt === undefined) return found
  // The one fallback rule's wording: the failed call, then the cached answer's fetch time.
  return `${found} in the cache: ${o.liveError.operation ?? 'the service call'} failed (${o.liveError.message}); cached data, fetched at ${new Date(o.fetchedAt).toISOString()}`
}

/** Every non-blank pasted line, in order, with what became of it. */
export function keyRows(parsed: ParsedKeys, outcomeOf: (key: string) => KeyOutcome | undefined): KeyRow[] {
  const rows: KeyRow[] = parsed.keys.map((k) => {
    const o = outcomeOf(k.value)
    return { line: k.line, input: k.value, key: k.value, kind: k.kind, outcome: outcomeText(o), matches: o?.matches ?? [], ...(o?.liveError && !o.error && { fromCache: true as const }) }
  })
  for (const s of parsed.skipped) {
    const outcome = s.why === 'repeat' ? `repeat of line ${s.repeatOf}` : s.why === 'over the limit' ? 'not looked up (over the limit)' : 'not a key'
    rows.push({ line: s.line, input: s.text, outcome, matches: [] })
  }
  return rows.sort((a, b) => (a.line ?? 0) - (b.line ?? 0))
}

/** How many keys were looked up, matched, found nothing, failed or were answered from the cache after their service call failed; how many intents. */
export function tally(rows: readonly KeyRow[]) {
  const keyed = rows.filter((r) => r.key !== undefined && r.outcome !== 'not looked up')
  return {
    lookedUp: keyed.length,
    matched: keyed.filter((r) => r.matches.length > 0).length,
    nothingFound: keyed.filter((r) => r.outcome === 'nothing found').length,
    failed: keyed.filter((r) => r.outcome.startsWith('failed')).length,
    fromCache: keyed.filter((r) => r.fromCache).length,
    intents: new Set(keyed.flatMap((r) => r.matches.map((m) => m.intentId.toLowerCase()))).size,
  }
}

/** A column of the matches, one value per intent, joined so a key with several intents stays one row. */
const each = (header: string, value: (m: BulkMatch) => string | number | undefined): CsvColumn<KeyRow> => ({
  header,
  value: (r) => (r.matches.length ? r.matches.map((m) => value(m) ?? '').join('; ') : undefined),
})

/** One row per pasted line; each amount in base units and beside it in token units (empty when the decimals are not known). */
export function keyCsvColumns(tokens: TokenLabels): CsvColumn<KeyRow>[] {
  const label = (chainId: number | undefined, address: string | undefined) => tokenLabel(tokens, chainId, address)
  return [
    { header: 'line', value: (r) => r.line },
    { header: 'input', value: (r) => r.input },
    { header: 'outcome', value: (r) => r.outcome },
    each('intentId', (m) => m.intentId),
    each('status', (m) => m.status),
    each('originChainId', (m) => m.originChainId),
    each('originTokenAddress', (m) => m.originTokenAddress),
    each('originTokenSymbol', (m) => label(m.originChainId, m.originTokenAddress)?.symbol),
    each('originAmount', (m) => m.originTokenAmount),
    // The deposit's own decimals first, as the table's amount reads them.
    each('originAmountUnits', (m) => tokenUnits(m.originTokenAmount, m.originTokenDecimals ?? label(m.originChainId, m.originTokenAddress)?.decimals)),
    each('destinationChainId', (m) => m.destinationChainId),
    each('destinationTokenAddress', (m) => m.destinationTokenAddress),
    each('destinationTokenSymbol', (m) => label(m.destinationChainId, m.destinationTokenAddress)?.symbol),
    each('destinationAmount', (m) => m.destinationTokenAmount),
    each('destinationAmountUnits', (m) => tokenUnits(m.destinationTokenAmount, label(m.destinationChainId, m.destinationTokenAddress)?.decimals)),
    each('reason', (m) => m.reason),
  ]
}
