/**
 * The intent store: records in id order plus the indexes that keep filters fast: lists
 * by owner and project, and hash indexes (hashIndex.ts) over intent ids, transaction
 * hashes and the other addresses an intent involves.
 * Records are only ever appended, and ids and createdAt both ascend with the position,
 * so every index list is sorted by construction and a cursor maps to a position by
 * binary search.
 */
import { HashIndex } from './hashIndex'
import { allTxHashes, participantAddresses, type IntentRecord } from './records'

type IdxList = number | number[]

function addTo<K>(map: Map<K, IdxList>, key: K, idx: number): void {
  const cur = map.get(key)
  if (cur === undefined) map.set(key, idx)
  else if (typeof cur === 'number') {
    if (cur !== idx) map.set(key, [cur, idx])
  } else if (cur[cur.length - 1] !== idx) cur.push(idx)
}

const asList = (v: IdxList | undefined): readonly number[] => (v === undefined ? [] : typeof v === 'number' ? [v] : v)

export class Dataset {
  readonly records: IntentRecord[] = []
  private readonly ids: HashIndex
  private readonly txHashes: HashIndex
  /** Non-owner participants: intent addresses, recipients, edge accounts. */
  private readonly addresses: HashIndex
  private readonly byOwner = new Map<string, IdxList>()
  private readonly byProject = new Map<number, IdxList>()

  constructor(
    readonly seed: number,
    /** The instant the dataset was generated for (epoch ms); its "now". */
    readonly startAt: number,
    expectedSize = 1024,
  ) {
    this.ids = new HashIndex(expectedSize)
    this.txHashes = new HashIndex(expectedSize * 4)
    this.addresses = new HashIndex(expectedSize * 3)
  }

  get size(): number {
    return this.records.length
  }

  /** Appends a record whose `idx` is the next position, and indexes it. */
  add(r: IntentRecord): void {
    if (r.idx !== this.records.length) throw new Error(`record idx ${r.idx} is not the next position ${this.records.length}`)
    const last = this.records[this.records.length - 1]
    if (last && r.createdAt <= last.createdAt) throw new Error('createdAt must ascend with ids')
    this.records.push(r)
    this.ids.add(r.intentId, r.idx)
    addTo(this.byOwner, r.owner, r.idx)
    addTo(this.byProject, r.projectId, r.idx)
    for (const a of participantAddresses(r)) if (a !== r.owner) this.addresses.add(a, r.idx)
    for (const h of allTxHashes(r)) this.indexTxHash(r, h)
  }

  /** Hashes match case-insensitively (edge-rail signatures are mixed-case base58). */
  indexTxHash(r: IntentRecord, hash: string): void {
    this.txHashes.add(hash.toLowerCase(), r.idx)
  }

  /** The createdAt for a new intent: `now`, nudged so createdAt stays unique and ascending. */
  nextCreatedAt(now: number): number {
    const last = this.records[this.records.length - 1]
    return last ? Math.max(now, last.createdAt + 1) : now
  }

  get(intentId: string): IntentRecord | undefined {
    const id = intentId.toLowerCase()
    return this.ids
      .candidates(id)
      .map((p) => this.records[p])
      .find((r) => r.intentId === id)
  }

  byTransactionHash(hash: string): IntentRecord | undefined {
    const h = hash.toLowerCase()
    return this.txHashes
      .candidates(h)
      .map((p) => this.records[p])
      .find((r) => allTxHashes(r).some((x) => x.toLowerCase() === h))
  }

  ownedBy(address: string): readonly number[] {
    return asList(this.byOwner.get(address.toLowerCase()))
  }

  inProject(projectId: number): readonly number[] {
    return asList(this.byProject.get(projectId))
  }

  /** Positions of intents that involve the address in any role, ascending. */
  involving(address: string): readonly number[] {
    const a = address.toLowerCase()
    const owned = asList(this.byOwner.get(a))
    const other = this.addresses.candidates(a).filter((p) => participantAddresses(this.records[p]).includes(a))
    return other.length === 0 ? owned : mergeSorted([owned, other])
  }

  /** Owners and their intent counts, for picking test subjects. */
  ownerCounts(): Map<string, number> {
    const out = new Map<string, number>()
    for (const [owner, list] of this.byOwner) out.set(owner, typeof list === 'number' ? 1 : list.length)
    return out
  }
}

/** Union of ascending lists, ascending and without duplicates. */
export function mergeSorted(lists: ReadonlyArray<readonly number[]>): number[] {
  const all = lists.flat().sort((a, b) => a - b)
  return all.filter((v, i) => i === 0 || all[i - 1] !== v)
}
