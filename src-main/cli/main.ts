import { isSvcFailure, SvcFailure } from '../../src-shared/contract/errors'
import { isPendingStatus, isSettledStatus } from '../../src-shared/contract/service'
import { parseCommand, USAGE, type Command } from './args'
import { connect, type Connection } from './connect'
import { CLI_KEY_ENV } from '../settings/envKey'
import { forCommandLine, UsageError } from '../service/wireFlags'
import { isLookupKey, lookup } from './lookup'
import { historyCsv, historyTable, intentText, toJson } from './output'
import { watchIntent } from './watch'

/** Exit codes, as `--help` lists them. */
export const EXIT = { ok: 0, error: 1, usage: 2, otherwise: 3, notAKey: 4 } as const

/** Receipts read for a lookup's text output (token names, decimals, what arrived); more intents print in base units. */
const RECEIPTS_FOR_TEXT = 10

export interface Io {
  out(text: string): void
  err(text: string): void
  env: Record<string, string | undefined>
  signal?: AbortSignal
}

async function runLookup(conn: Connection, cmd: Extract<Command, { command: 'lookup' }>, io: Io): Promise<number> {
  const client = conn.core.session(conn.profileId).client
  const found = await lookup(client, cmd.key)
  if (!found.intents.length) {
    io.err(`Nothing matches “${cmd.key}” on ${conn.label}: no intent id, transaction hash or address of an intent.`)
    return EXIT.otherwise
  }
  // Always an array, however many matched, so a script reads `.[0]` the same way every time.
  if (cmd.json) io.out(toJson(found.intents))
  else {
    const receipts = await Promise.all(
      found.intents.map((i, n) => (i.intentId && n < RECEIPTS_FOR_TEXT ? client.getIntentReceipt({ intentId: i.intentId }).then((r) => r.intentReceipt, () => undefined) : undefined)),
    )
    const extras = (n: number) => {
      const receipt = receipts[n]
      const { status } = found.intents[n]!
      const failed = status !== 'SUCCEEDED' && !isPendingStatus(status)
      return { receipt, reason: failed ? receipt?.originTransaction?.statusReason : undefined }
    }
    io.out(found.intents.map((i, n) => intentText(i, extras(n))).join('\n\n'))
    io.err(`${found.intents.length} intent${found.intents.length > 1 ? 's' : ''} matched by ${found.matchedBy.join(', ')} on ${conn.label}`)
  }
  return EXIT.ok
}

async function runHistory(conn: Connection, cmd: Extract<Command, { command: 'history' }>, io: Io): Promise<number> {
  const client = conn.core.session(conn.profileId).client
  const statuses = cmd.statuses
  const walked = await client.walkIntentHistory(
    {
      byOwnerAddress: cmd.owner,
      ...(statuses.length === 1 ? { byStatus: statuses[0] } : statuses.length > 1 ? { byStatuses: statuses } : {}),
      fromTime: cmd.from,
      toTime: cmd.to,
      page: { pageSize: Math.min(cmd.limit, 100) },
    },
    { maxEntries: cmd.limit, signal: io.signal, onPage: (_p, i) => i > 0 && i % 10 === 0 && io.err(`… ${i} pages read`) },
  )
  const entries = walked.intents.slice(0, cmd.limit)
  if (cmd.format === 'json') io.out(toJson(entries))
  else if (cmd.format === 'csv') io.out(historyCsv(entries).trimEnd())
  else if (entries.length) io.out(historyTable(entries))
  const more = !walked.complete || walked.intents.length > cmd.limit
  io.err(`${entries.length} intent${entries.length === 1 ? '' : 's'} from ${conn.label}${more ? ` (stopped at --limit ${cmd.limit}; there are more)` : ''}`)
  return EXIT.ok
}

async function runWatch(conn: Connection, cmd: Extract<Command, { command: 'watch' }>, io: Io): Promise<number> {
  const end = await watchIntent(conn, cmd.intentId, cmd.json, { line: io.out, note: io.err }, io.signal)
  // Told as every other failure is (runCli).
  if (end.error) throw new SvcFailure(end.error)
  if (!end.outcome) return EXIT.error
  return end.status === 'SUCCEEDED' ? EXIT.ok : isSettledStatus(end.status) ? EXIT.otherwise : EXIT.error
}

/** Runs one command line and returns the exit code; every failure becomes a message, never a stack trace. */
export async function runCli(argv: readonly string[], io: Io): Promise<number> {
  let cmd: Command
  try {
    cmd = parseCommand(argv)
  } catch (e) {
    if (!(e instanceof UsageError)) throw e
    io.err(`${e.message}\n\n${USAGE}`)
    return EXIT.usage
  }
  if (cmd.command === 'help') {
    io.out(USAGE)
    return EXIT.ok
  }
  if (cmd.command === 'lookup' && !isLookupKey(cmd.key)) {
    io.err(`“${cmd.key}” is not a key: give an intent id or a transaction hash (0x and 64 hex digits) or an address (0x and 40 hex digits). Nothing was sent.`)
    return EXIT.notAKey
  }
  let conn: Connection | undefined
  try {
    conn = await connect({ target: cmd.target, dataDir: cmd.dataDir, env: io.env })
    if (cmd.command === 'lookup') return await runLookup(conn, cmd, io)
    if (cmd.command === 'history') return await runHistory(conn, cmd, io)
    return await runWatch(conn, cmd, io)
  } catch (e) {
    const message = isSvcFailure(e) ? e.error.message : `Unexpected failure: ${(e as Error).message ?? String(e)}`
    io.err(cmd.target.kind === 'url' ? forCommandLine(message, CLI_KEY_ENV.key) : message)
    return EXIT.error
  } finally {
    await conn?.stop()
  }
}
