import type { YieldBalanceQuery } from '@contract/service'
import { MAX_BALANCE_QUERIES } from '@contract/bridge'
import { isEvmAddress, plainTokenProblem } from '@contract/formats'

/**
 * The wallets a positions view asks about (a yield id of '' is every market on the
 * network). In the URL each is one `w` parameter, `address,network[,yieldId]`, so a
 * positions view can be bookmarked and shared.
 */
export const emptyWallet = () => ({ address: '', network: '', yieldId: '' })
export type WalletRow = ReturnType<typeof emptyWallet>
export type WalletProblems = Partial<Record<keyof WalletRow, string>>

const WALLET_PARAM = 'w'

/** One `address,network[,yieldId]` line; blanks around the commas are ignored. */
function parseWalletLine(line: string): WalletRow {
  const [address = '', network = '', yieldId = ''] = line.split(',').map((s) => s.trim())
  return { address, network, yieldId }
}

const formatWalletLine = (w: WalletRow): string =>
  [w.address.trim(), w.network.trim(), ...(w.yieldId.trim() ? [w.yieldId.trim()] : [])].join(',')

function validateWallet(w: WalletRow): WalletProblems {
  const problems: WalletProblems = {}
  const address = w.address.trim()
  // Networks differ in address format (0x hex, base58, bech32), so only what no network accepts is refused.
  if (!address) problems.address = 'Enter the wallet address'
  else if (/\s/.test(address)) problems.address = 'A wallet address has no spaces'
  else if (plainTokenProblem(address)) problems.address = `This address ${plainTokenProblem(address)}`
  else if (/^0x/i.test(address) && !isEvmAddress(address))
    problems.address = `“${address.length > 14 ? `${address.slice(0, 12)}…` : address}” starts like an EVM address but is not 0x and 40 hex digits`
  if (!w.network.trim()) problems.network = 'Enter the network (e.g. ethereum)'
  if (w.yieldId.includes(',')) problems.yieldId = 'A yield id has no commas'
  return problems
}

export const isBlankWallet = (w: WalletRow): boolean => !w.address.trim() && !w.network.trim() && !w.yieldId.trim()

/**
 * Pasted text, one wallet per line (`address,network[,yieldId]`); blank lines and
 * `#` comments are skipped. Lines that do not hold a wallet are returned with why, so
 * the text can stay where it was and be fixed.
 */
export function parseWalletLines(text: string): { wallets: WalletRow[]; bad: Array<{ line: number; text: string; message: string }> } {
  const wallets: WalletRow[] = []
  const bad: Array<{ line: number; text: string; message: string }> = []
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim()
    if (!line || line.startsWith('#')) return
    const wallet = parseWalletLine(line)
    const problems = validateWallet(wallet)
    const message = problems.address ?? problems.network ?? problems.yieldId
    if (message || line.split(',').length > 3) bad.push({ line: i + 1, text: line, message: message ?? 'Too many fields: use address,network[,yieldId]' })
    else wallets.push(wallet)
  })
  return { wallets, bad }
}

export function readWallets(params: URLSearchParams): WalletRow[] {
  return params.getAll(WALLET_PARAM).map(parseWalletLine).filter((w) => !isBlankWallet(w))
}

export function writeWallets(params: URLSearchParams, wallets: readonly WalletRow[]): URLSearchParams {
  const next = new URLSearchParams(params)
  next.delete(WALLET_PARAM)
  for (const w of wallets) next.append(WALLET_PARAM, formatWalletLine(w))
  return next
}

/** Problems of a whole list, by row; plus a list-level one (none, too many). */
export function validateWallets(wallets: readonly WalletRow[]): { rows: WalletProblems[]; list?: string } {
  const filled = wallets.filter((w) => !isBlankWallet(w))
  const list =
    filled.length === 0
      ? 'Add at least one wallet: an address and its network'
      : filled.length > MAX_BALANCE_QUERIES
        ? `At most ${MAX_BALANCE_QUERIES} wallets at once (there are ${filled.length})`
        : undefined
  return { rows: wallets.map((w) => (isBlankWallet(w) ? {} : validateWallet(w))), list }
}

/** The network value that stands for every network the service lists (`address,*` in the URL). */
export const ALL_NETWORKS = '*'

/**
 * The balance queries for the wallets. A network is matched to the service's own name
 * whatever its case ("Base" → `base`); `*` asks on every network in `networks` (one query
 * each; the main process sends them 25 a request). Repeated queries are asked once.
 */
export function toQueries(wallets: readonly WalletRow[], networks: readonly string[] = []): YieldBalanceQuery[] {
  const byLower = new Map(networks.map((n) => [n.toLowerCase(), n]))
  // By the query's JSON, in the order first asked: a repeated query keeps its place.
  const byKey = new Map<string, YieldBalanceQuery>()
  for (const w of wallets) {
    const typed = w.network.trim()
    const names = typed === ALL_NETWORKS ? networks : [byLower.get(typed.toLowerCase()) ?? typed]
    for (const network of names) {
      const q: YieldBalanceQuery = { address: w.address.trim(), network, ...(w.yieldId.trim() && { yieldId: w.yieldId.trim() }) }
      byKey.set(JSON.stringify(q), q)
    }
  }
  return [...byKey.values()]
}
