/**
 * The revision counter of a list main owns (`src-shared/contract/mainList.ts`): one per
 * list, only growing. It never falls behind the clock (`max(last + 1, now)`), so a run
 * that stopped before its delayed write reached the disk cannot make the next run hand
 * out a number again.
 */
export class RevisionCounter {
  constructor(
    private value: number,
    private readonly now: () => number,
  ) {}

  get current(): number {
    return this.value
  }

  next(): number {
    this.value = Math.max(this.value + 1, Math.floor(this.now()))
    return this.value
  }
}
