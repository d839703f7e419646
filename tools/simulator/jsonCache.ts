/**
 * Serialised JSON by key, least recently used evicted first. History pages are the
 * simulator's hot path and a settled intent's entry never changes, so its text is
 * worth keeping; so is a receipt answer, asked again by every long-poll that ends with
 * nothing new. Keys carry the record's version, so a changed intent simply misses.
 *
 * A text is kept only when its key is asked for a second time while still remembered
 * as asked. Kept texts outlive the young generation and are copied into the old one,
 * which, when pages are asked at random, doubled the time spent in scavenges for texts
 * nobody asked for again; what clients do ask again (a page re-read, a long-poll) is
 * kept from its second asking on.
 */
export class JsonCache {
  private readonly texts = new Map<string, string>()
  /** Keys asked once and not kept, oldest first. */
  private readonly asked = new Set<string>()

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
    if (this.asked.delete(key)) {
      this.texts.set(key, text)
      if (this.texts.size > this.capacity) this.texts.delete(this.texts.keys().next().value!)
    } else {
      this.asked.add(key)
      if (this.asked.size > this.capacity) this.asked.delete(this.asked.values().next().value!)
    }
    return text
  }
}
