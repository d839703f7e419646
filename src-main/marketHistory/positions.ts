import { randomUUID } from 'node:crypto'
import { appendFileSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { z } from 'zod'
import { MAX_WALLET_SETS, WalletSetSchema, type PositionHistory, type WalletSet } from '../../src-shared/contract/marketHistory'
import { SvcFailure, orElse } from '../../src-shared/contract/errors'
import { readJsonFile, writeJsonAtomic } from '../settings/jsonFile'

const SetsSchema = z.object({ version: z.literal(1), sets: z.array(WalletSetSchema) })
const PointSchema = z.object({ t: z.number(), usd: z.number() })

/** One profile's saved wallet sets (`wallet-sets.json`) and each set's USD total per snapshot (`positions-<id>.ndjson`, torn lines skipped). */
export class PositionStore {
  constructor(private readonly dir: string) {}

  private get file(): string {
    return join(this.dir, 'wallet-sets.json')
  }

  list(): WalletSet[] {
    const read = readJsonFile(this.file, SetsSchema)
    return read.state === 'ok' ? read.data.sets : []
  }

  save(name: string, queries: WalletSet['queries'], now: number): WalletSet {
    const sets = this.list()
    const key = JSON.stringify(queries)
    const same = sets.find((s) => JSON.stringify(s.queries) === key)
    if (!same && sets.length >= MAX_WALLET_SETS)
      throw new SvcFailure({ kind: 'InvalidArgument', message: `At most ${MAX_WALLET_SETS} wallet sets are recorded; remove one first.` })
    const set: WalletSet = same ? { ...same, name } : { id: randomUUID(), name, queries, addedAt: now }
    mkdirSync(this.dir, { recursive: true, mode: 0o700 })
    writeJsonAtomic(this.file, { version: 1, sets: same ? sets.map((s) => (s.id === same.id ? set : s)) : [...sets, set] })
    return set
  }

  remove(id: string): boolean {
    const sets = this.list()
    if (!sets.some((s) => s.id === id)) return false
    writeJsonAtomic(this.file, { version: 1, sets: sets.filter((s) => s.id !== id) })
    rmSync(join(this.dir, `positions-${id}.ndjson`), { force: true })
    return true
  }

  append(id: string, t: number, usd: number): void {
    appendFileSync(join(this.dir, `positions-${id}.ndjson`), `${JSON.stringify({ t, usd })}\n`, { mode: 0o600 })
  }

  /** The set's values, oldest first, with a break where two are more than twice `intervalMs` apart. */
  history(id: string, intervalMs: number): PositionHistory['points'] {
    // No file: nothing recorded yet.
    const text = orElse(() => readFileSync(join(this.dir, `positions-${id}.ndjson`), 'utf8'), '')
    const out: PositionHistory['points'] = []
    let last: number | undefined
    for (const line of text.split('\n')) {
      const p = PointSchema.safeParse(orElse(() => JSON.parse(line), undefined)).data
      if (!p) continue
      if (last !== undefined && p.t - last > 2 * intervalMs) out.push({ t: Math.round((last + p.t) / 2), gap: true })
      out.push({ t: p.t, usd: p.usd })
      last = p.t
    }
    return out
  }
}
