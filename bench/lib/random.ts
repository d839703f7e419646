/** A seeded generator (mulberry32): the same run asks the same questions every time. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32
  }
}

/** One element of a non-empty list, drawn with `random`. */
export const pick = <T>(random: () => number, list: readonly T[]): T => list[Math.floor(random() * list.length)]

/** A shuffled copy of `list` (Fisher–Yates, drawing from `random`). */
export function shuffled<T>(random: () => number, list: readonly T[]): T[] {
  const out = [...list]
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    ;[out[i], out[j]] = [out[j], out[i]]
  }
  return out
}
