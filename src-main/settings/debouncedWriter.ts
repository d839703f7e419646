import { mkdir, rename, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'

/**
 * A file main rewrites often (the watch list, the watched queries): atomically and
 * owner-only, with requests during a write folded into one more after it and bursts
 * gathered by a short delay. A failed write is logged, never thrown; the next change
 * tries again.
 */
export class DebouncedFileWriter {
  private timer: NodeJS.Timeout | null = null
  private writing: Promise<void> | null = null
  private dirty = false

  constructor(
    private readonly file: string,
    /** The file's whole text as it should be now. */
    private readonly body: () => string,
    private readonly delayMs: number,
    private readonly log: (message: string) => void,
    /** What the file holds, for the log line: "the watch list". */
    private readonly what: string,
  ) {}

  schedule(): void {
    this.dirty = true
    if (this.timer || this.writing) return
    this.timer = setTimeout(() => {
      this.timer = null
      void this.flush()
    }, this.delayMs)
  }

  /** Writes now if anything changed; resolves when the file on disk is current. */
  async flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer)
      this.timer = null
    }
    while (this.writing) await this.writing
    if (!this.dirty) return
    this.dirty = false
    this.writing = this.write().finally(() => {
      this.writing = null
    })
    await this.writing
    if (this.dirty) this.schedule()
  }

  private async write(): Promise<void> {
    const temp = `${this.file}.${process.pid}.tmp`
    try {
      await mkdir(dirname(this.file), { recursive: true, mode: 0o700 })
      await writeFile(temp, this.body(), { encoding: 'utf8', mode: 0o600 })
      await rename(temp, this.file)
    } catch (e) {
      this.log(`Could not save ${this.what} to ${this.file}: ${String(e)}`)
    }
  }
}
