/**
 * A compact multimap from strings to intent positions: open addressing over two typed
 * arrays holding only a 32-bit hash of each key and the position. Keys themselves are
 * not stored; callers confirm a hit against the record, which holds the real string.
 * Indexing a 100,000-intent dataset's ids, addresses and hashes this way takes a
 * fraction of the time and memory of a Map with half a million string keys.
 */
import { hashString } from './rng'

const EMPTY = -1

export class HashIndex {
  private hashes: Int32Array
  private positions: Int32Array
  private count = 0

  constructor(capacity = 1024) {
    const size = 2 ** Math.ceil(Math.log2(Math.max(16, capacity * 2)))
    this.hashes = new Int32Array(size)
    this.positions = new Int32Array(size).fill(EMPTY)
  }

  add(key: string, position: number): void {
    if ((this.count + 1) * 2 > this.positions.length) this.grow()
    this.place(hashString(key) | 0, position)
    this.count++
  }

  /** Positions whose key may be `key` (a 32-bit hash match), in insertion order per slot chain. */
  candidates(key: string): number[] {
    const h = hashString(key) | 0
    const mask = this.positions.length - 1
    const out: number[] = []
    for (let slot = h & mask; this.positions[slot] !== EMPTY; slot = (slot + 1) & mask) if (this.hashes[slot] === h) out.push(this.positions[slot])
    return out
  }

  private place(h: number, position: number): void {
    const mask = this.positions.length - 1
    let slot = h & mask
    while (this.positions[slot] !== EMPTY) slot = (slot + 1) & mask
    this.hashes[slot] = h
    this.positions[slot] = position
  }

  private grow(): void {
    const oldHashes = this.hashes
    const oldPositions = this.positions
    this.hashes = new Int32Array(oldHashes.length * 2)
    this.positions = new Int32Array(oldPositions.length * 2).fill(EMPTY)
    for (let i = 0; i < oldPositions.length; i++) if (oldPositions[i] !== EMPTY) this.place(oldHashes[i], oldPositions[i])
  }
}
