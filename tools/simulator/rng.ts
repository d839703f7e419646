/**
 * Seeded randomness. Everything the simulator invents comes from here, so the same seed
 * always yields the same data. Streams are derived by hashing (seed, entity, purpose)
 * rather than by consuming one long sequence, so materialising one intent never depends
 * on which other intents were materialised before it.
 */

const BASE58 = Buffer.from('123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz', 'latin1')
const HEX = Buffer.from('0123456789abcdef', 'latin1')
const scratch = Buffer.allocUnsafe(1024)

/** Order-sensitive 32-bit hash of integers (murmur3 finaliser per step). */
function mixFrom(init: number, parts: number[]): number {
  let h = init
  for (const p of parts) {
    h = Math.imul(h ^ (p | 0), 0x85ebca6b)
    h ^= h >>> 13
    h = Math.imul(h, 0xc2b2ae35)
    h ^= h >>> 16
  }
  return h >>> 0
}

/** FNV-1a over UTF-16 code units; used to seed streams from names and addresses. */
export function hashString(s: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193)
  return h >>> 0
}

/** sfc32: small state, fast, and good enough statistics for synthetic data. */
export class Rng {
  private a: number
  private b: number
  private c: number
  private d: number

  /**
   * The three state words are independent hashes of the parts, so distinct part lists
   * give distinct streams (96 bits) even across hundreds of thousands of derived ids.
   */
  constructor(...seedParts: number[]) {
    this.a = mixFrom(0x9e3779b9, seedParts)
    this.b = mixFrom(0x7f4a7c15, seedParts)
    this.c = mixFrom(0x6a09e667, seedParts)
    this.d = 1
    for (let i = 0; i < 12; i++) this.u32()
  }

  u32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0
    this.d = (this.d + 1) | 0
    this.a = this.b ^ (this.b >>> 9)
    this.b = (this.c + (this.c << 3)) | 0
    this.c = (this.c << 21) | (this.c >>> 11)
    this.c = (this.c + t) | 0
    return t >>> 0
  }

  /** Uniform in [0, 1). */
  float(): number {
    return this.u32() / 4294967296
  }

  /** Uniform in [min, max). */
  between(min: number, max: number): number {
    return min + (max - min) * this.float()
  }

  /** Uniform integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.float() * (max - min + 1))
  }

  chance(p: number): boolean {
    return this.float() < p
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.float() * items.length)]
  }

  /** Lower-case hex digits without a prefix. */
  hex(chars: number): string {
    return this.digits(chars, 0)
  }

  /** `0x` followed by lower-case hex digits: hashes, addresses, calldata. */
  hex0x(chars: number): string {
    return this.digits(chars, 2)
  }

  /** Characters from the base58 alphabet, the look of non-EVM addresses and signatures. */
  base58(chars: number): string {
    const buf = chars <= scratch.length ? scratch : Buffer.allocUnsafe(chars)
    for (let i = 0; i < chars; i++) buf[i] = BASE58[this.u32() % 58]
    return buf.toString('latin1', 0, chars)
  }

  // Writing ASCII into a buffer yields one flat string; concatenating per word would
  // build rope strings that cost time and memory across hundreds of thousands of ids.
  private digits(chars: number, prefix: number): string {
    const len = chars + prefix
    const buf = len <= scratch.length ? scratch : Buffer.allocUnsafe(len)
    let p = 0
    if (prefix) {
      buf[p++] = 48
      buf[p++] = 120
    }
    while (p < len) {
      let w = this.u32()
      for (let k = 0; k < 8 && p < len; k++, w <<= 4) buf[p++] = HEX[w >>> 28]
    }
    return buf.toString('latin1', 0, len)
  }

  /** Log-uniform in [min, max): many small values, a long tail of large ones. */
  logUniform(min: number, max: number): number {
    return Math.exp(this.between(Math.log(min), Math.log(max)))
  }
}

/** A pre-summed weighted choice, for draws made once per generated intent. */
export class Weighted<T> {
  private readonly items: T[]
  private readonly cumulative: number[]
  private readonly total: number

  constructor(entries: ReadonlyArray<readonly [T, number]>) {
    this.items = entries.map((e) => e[0])
    let sum = 0
    this.cumulative = entries.map((e) => (sum += e[1]))
    this.total = sum
  }

  draw(rng: Rng): T {
    const x = rng.float() * this.total
    let lo = 0
    let hi = this.cumulative.length - 1
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if (this.cumulative[mid] > x) hi = mid
      else lo = mid + 1
    }
    return this.items[lo]
  }
}
