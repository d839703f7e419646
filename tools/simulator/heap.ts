/** A binary min-heap keyed by `at`: the lifecycle's queue of upcoming steps. */
export interface Due {
  at: number
}

export class MinHeap<T extends Due> {
  private readonly items: T[] = []

  get size(): number {
    return this.items.length
  }

  peek(): T | undefined {
    return this.items[0]
  }

  push(item: T): void {
    const a = this.items
    a.push(item)
    let i = a.length - 1
    while (i > 0) {
      const parent = (i - 1) >> 1
      if (a[parent].at <= a[i].at) break
      ;[a[parent], a[i]] = [a[i], a[parent]]
      i = parent
    }
  }

  pop(): T | undefined {
    const a = this.items
    const top = a[0]
    const last = a.pop()
    if (a.length > 0 && last) {
      a[0] = last
      let i = 0
      for (;;) {
        const l = 2 * i + 1
        const r = l + 1
        let m = i
        if (l < a.length && a[l].at < a[m].at) m = l
        if (r < a.length && a[r].at < a[m].at) m = r
        if (m === i) break
        ;[a[m], a[i]] = [a[i], a[m]]
        i = m
      }
    }
    return top
  }

  clear(): void {
    this.items.length = 0
  }
}
