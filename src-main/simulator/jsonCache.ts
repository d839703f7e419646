/**
 * Serialised JSON by key, least recently used evicted first. History pages are the
 * simulator's hot path and a settled intent's entry never changes, so its text is
 * worth keeping; so is a receipt answer, asked again by every long-poll that ends with
 * nothing new. Keys carry the record's version, so a changed intent simply misses.
 */
export class JsonCache {
  private readonly texts = new Map<string, string>()

  constructor(private readonly capacity: number) {}

  get(key: string, build: () => string): string {
    const hit = this.texts.get(key)
    if (hit !== undefined) {
      // Re-inserting moves the key to the young end of the Map's insertion order.
      this.texts.delete(key)
      this.texts.set(key, hit)
      return hit
    }
    const text = build()
    this.texts.set(key, text)
    if (this.texts.size > this.capacity) this.texts.delete(this.texts.keys().next().value!)
    return text
  }
}
