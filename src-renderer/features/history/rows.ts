import type { ChainInfo, IntentHistoryEntry, TokenMetadata } from '@contract/service'
import { isPendingStatus } from '@contract/service/constants'
import { amountText, groupDecimal, formatDateTime, formatDecimalFit, formatDuration, formatUnitsExact, isZeroAmount, shortHex } from '../../lib/format'
import { isTokenDecimals } from '@contract/service/bounds'
import { chainName } from '../../lib/chains'
import { historyEntryIntentId, receiptDurationMs, routeProviders } from '@contract/historyEntry'
import { balanceLines } from './balances'
import { extensionFrom } from './summary'
import { messageOf, orElse } from '@contract/errors'

type Chains = ReadonlyMap<number, ChainInfo>

/** Row and selection key: the intent id, or the position for an entry without one. */
const entryKey = (e: IntentHistoryEntry, index: number): string => historyEntryIntentId(e) ?? `#${index}`

export interface AmountCell {
  text: string
  /** The number alone and its unit (the symbol, or "base units"), so a narrow cell can cut the digits, never the unit. */
  number: string
  /** `number` cut to fit the table's amount column (`…` marks a cut; the exact value is in `exact`). */
  short: string
  unit: string
  exact: string
  /** The quoted amount stands in: the intent is pending and nothing has moved yet. */
  quoted: boolean
}

const NO_AMOUNT: AmountCell = { text: '—', number: '—', short: '—', unit: '', exact: '', quoted: false }

/** Characters an amount takes in the table's amount columns at the narrowest window (1280 px). */
const AMOUNT_CHARS = 11

/**
 * The amount that moved. While the intent is still pending, summaries report 0 until the
 * deposit or delivery lands, so the quoted amount is shown instead, marked as such; once
 * the intent has ended, 0 is the truth and is shown.
 */
function amountCell(
  actual: string | undefined,
  quoted: string | undefined,
  token: TokenMetadata | undefined,
  pending: boolean,
): AmountCell {
  const useQuote = pending && isZeroAmount(actual) && !isZeroAmount(quoted)
  const raw = useQuote ? quoted : (actual ?? quoted)
  if (raw === undefined) return NO_AMOUNT
  const symbol = token?.symbol ? ` ${token.symbol}` : ''
  // Decimals missing or out of bounds (a damaged record): the amount stays in base units and says so.
  const decimals = isTokenDecimals(token?.decimals) ? token.decimals : undefined
  return {
    text: amountText({ raw, decimals, symbol: token?.symbol }),
    number: decimals === undefined ? raw : groupDecimal(formatUnitsExact(raw, decimals)),
    // Base units are never grouped or cut: nobody may read them as token units.
    short: decimals === undefined ? raw : formatDecimalFit(formatUnitsExact(raw, decimals), AMOUNT_CHARS),
    unit: decimals === undefined ? `base units${token?.symbol ? ` of ${token.symbol}` : ''}` : (token?.symbol ?? ''),
    exact: `${useQuote ? 'Quoted: ' : ''}${formatUnitsExact(raw, token?.decimals)}${symbol} — ${raw} base units`,
    quoted: useQuote,
  }
}

function tokenName(token: TokenMetadata | undefined, address: string | undefined): string {
  return token?.symbol ?? (address ? shortHex(address) : '?')
}

/** What a row says in place of its route when the service sent the entry without a receipt. */
export const NO_RECEIPT = 'Receipt missing: the service sent this entry without one (route, amounts and chains unknown)'

/** The route as one line and as its two legs, or the missing receipt said. */
const routeOf = (legs: [string, string] | undefined): { route: string; routeLegs: [string, string] | [] } =>
  legs ? { route: `${legs[0]} → ${legs[1]}`, routeLegs: [legs[0], `→ ${legs[1]}`] } : { route: NO_RECEIPT, routeLegs: [] }

/**
 * What one table row shows, computed once per loaded entry so scrolling through ten
 * thousand rows only paints strings: no formatting, store lookups or hooks per row.
 */
export function toRow(e: IntentHistoryEntry, index: number, chains: Chains) {
  const r = e.receipt
  const s = r?.summary
  const intentId = historyEntryIntentId(e)
  const owner = s?.ownerAddress ?? r?.ownerAddress
  const originChain = s?.originChainId ?? r?.originChainId
  const destinationChain = s?.destinationChainId ?? r?.destinationChainId
  const status = e.status ?? r?.status
  const pending = status === undefined || isPendingStatus(status)
  return {
    /** Unique among loaded rows: the intent id, or a stand-in when the service sent none. */
    key: entryKey(e, index),
    entry: e,
    intentId,
    status,
    created: formatDateTime(e.createdAt ?? r?.createdAt ?? s?.createdAt, false),
    expires: formatDateTime(e.expiresAt ?? s?.expiresAt, false),
    owner,
    ownerShort: owner ? shortHex(owner) : '—',
    // An entry the service sent without its receipt says so, rather than "? on — → ? on —".
    ...routeOf(r ? [`${tokenName(s?.originTokenMetadata, s?.originTokenAddress)} on ${chainName(chains, originChain)}`, `${tokenName(s?.destinationTokenMetadata, s?.destinationTokenAddress)} on ${chainName(chains, destinationChain)}`] : undefined),
    sent: amountCell(s?.originTokenAmount, s?.quotedOriginTokenAmount, s?.originTokenMetadata, pending),
    received: amountCell(s?.destinationTokenAmount, s?.quotedDestinationTokenAmount, s?.destinationTokenMetadata, pending),
    providers: routeProviders(e).join(', ') || '—',
    started: formatDateTime(s?.startedAt, false),
    finished: formatDateTime(s?.finishedAt, false),
    duration: formatDuration(receiptDurationMs(r)),
    hasBalance: e.hasBalance,
    /** Made here, not in the cell, so a balance no check caught costs this row, with its message. */
    balances: balanceLines(e),
  }
}

/** A row; `problem` says why the entry could not be made into one (a value no check caught, from a cache or a file): the row says so, with its raw JSON. */
export type HistoryRow = ReturnType<typeof toRow> & { problem?: string }

const safeKey = (e: IntentHistoryEntry, index: number): string => orElse(() => entryKey(e, index), `#${index}`)

/** The entry's row, or one that names what went wrong: one bad entry costs its row, never the list. */
function safeRow(e: IntentHistoryEntry, index: number, chains: Chains): HistoryRow {
  try {
    return toRow(e, index, chains)
  } catch (error) {
    const key = safeKey(e, index)
    return {
      key,
      entry: e,
      intentId: typeof e?.intentId === 'string' ? e.intentId : undefined,
      status: undefined,
      ...{ created: '—', expires: '—', owner: undefined, ownerShort: '—', route: '—', routeLegs: [], providers: '—' },
      ...{ started: '—', finished: '—', duration: '—', hasBalance: undefined, balances: [] },
      sent: NO_AMOUNT,
      received: NO_AMOUNT,
      problem: messageOf(error),
    }
  }
}

/**
 * Builds rows for a growing list: each entry's row is made once per chain list, and a list
 * that goes on from the last one built (a "load all" adding its hundredth page) only has
 * its new entries looked at; the rows before are the last list's.
 */
export function rowBuilder(): (entries: readonly IntentHistoryEntry[], chains: Chains) => HistoryRow[] {
  let cache = new WeakMap<IntentHistoryEntry, HistoryRow>()
  let cachedFor: Chains | null = null
  let last: { entries: readonly IntentHistoryEntry[]; rows: HistoryRow[] } = { entries: [], rows: [] }
  const rowAt = (e: IntentHistoryEntry, i: number, chains: Chains) => {
    let row = cache.get(e)
    if (!row || row.key !== safeKey(e, i)) {
      row = safeRow(e, i, chains)
      cache.set(e, row)
    }
    return row
  }
  return (entries, chains) => {
    if (chains !== cachedFor) {
      cache = new WeakMap()
      cachedFor = chains
      last = { entries: [], rows: [] }
    }
    const from = Math.max(0, extensionFrom(last.entries, entries))
    const rows = last.rows.slice(0, from)
    for (let i = from; i < entries.length; i++) rows.push(rowAt(entries[i], i, chains))
    last = { entries, rows }
    return rows
  }
}
