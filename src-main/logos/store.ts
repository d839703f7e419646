import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync } from 'node:fs'
import { rename, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { isLoopbackHostname } from '../../src-shared/contract/app'
import { SvcFailure } from '../../src-shared/contract/errors'

/**
 * Logos the service names (chains, markets, tokens), fetched by the main process and
 * kept on disk, so the page shows images only from its own origin: a logo URL chosen by
 * a service can carry nothing out of the page (the CSP allows `img-src 'self'` only),
 * and a logo seen once shows offline too.
 *
 * Only https URLs are fetched (plain http only on loopback), without cookies or
 * credentials, redirects not followed; the answer must be at most 256 KiB and be an
 * image its first bytes prove it is (PNG, JPEG, GIF, WebP, ICO or SVG). Each is stored
 * as `<sha256 of the URL>.<ext>` and served at `/logos/<that name>`.
 */
export const MAX_LOGO_BYTES = 256 * 1024
const FETCH_TIMEOUT_MS = 10_000
/** A logo that failed is not asked for again for this long (per URL, in memory). */
const RETRY_AFTER_MS = 10 * 60_000

export const LOGO_TYPES = { png: 'image/png', jpg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp', ico: 'image/x-icon', svg: 'image/svg+xml' } as const
export type LogoExt = keyof typeof LOGO_TYPES

/** The served name of a stored logo: hex digest and extension, nothing else. */
export const LOGO_FILE = /^[0-9a-f]{64}\.(png|jpg|gif|webp|ico|svg)$/

/** What the bytes are, by their signature; `undefined` for anything that is not one of the accepted images. */
export function sniffImage(bytes: Buffer): LogoExt | undefined {
  const starts = (sig: number[], at = 0) => sig.every((b, i) => bytes[at + i] === b)
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png'
  if (starts([0xff, 0xd8, 0xff])) return 'jpg'
  if (starts([0x47, 0x49, 0x46, 0x38])) return 'gif'
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'webp'
  if (starts([0x00, 0x00, 0x01, 0x00])) return 'ico'
  const head = bytes.subarray(0, 1024).toString('utf8').replace(/^\uFEFF/, '').trimStart()
  if ((head.startsWith('<?xml') || head.startsWith('<svg') || head.startsWith('<!--')) && /<svg[\s>]/.test(head)) return 'svg'
  return undefined
}

export type LogoFetch = (url: string, init: RequestInit) => Promise<Response>

export class LogoStore {
  private readonly inFlight = new Map<string, Promise<string>>()
  private readonly failedAt = new Map<string, number>()

  constructor(
    private readonly dir: string,
    private readonly fetchImpl: LogoFetch = (u, i) => fetch(u, i),
    private readonly now: () => number = Date.now,
  ) {}

  /** The served path of the logo at `url` (`/logos/<name>`), fetching it once if it is not stored yet. */
  async pathFor(url: string): Promise<string> {
    const target = allowedUrl(url)
    const id = createHash('sha256').update(target.href).digest('hex')
    const stored = this.storedName(id)
    if (stored) return `/logos/${stored}`
    const failed = this.failedAt.get(id)
    if (failed !== undefined && this.now() - failed < RETRY_AFTER_MS) throw refused('it could not be loaded a moment ago')
    let pending = this.inFlight.get(id)
    if (!pending) {
      pending = this.download(target, id).finally(() => this.inFlight.delete(id))
      this.inFlight.set(id, pending)
    }
    return `/logos/${await pending}`
  }

  /** The stored file for a served name, or `undefined`. */
  fileFor(name: string): string | undefined {
    return LOGO_FILE.test(name) && existsSync(join(this.dir, name)) ? join(this.dir, name) : undefined
  }

  private storedName(id: string): string | undefined {
    if (!existsSync(this.dir)) return undefined
    return readdirSync(this.dir).find((n) => n.startsWith(`${id}.`) && LOGO_FILE.test(n))
  }

  private async download(url: URL, id: string): Promise<string> {
    try {
      const bytes = await this.fetchBounded(url)
      const ext = sniffImage(bytes)
      if (!ext) throw refused('it is not a PNG, JPEG, GIF, WebP, ICO or SVG image')
      mkdirSync(this.dir, { recursive: true, mode: 0o700 })
      const name = `${id}.${ext}`
      const temp = join(this.dir, `${name}.${process.pid}.tmp`)
      await writeFile(temp, bytes, { mode: 0o600 })
      await rename(temp, join(this.dir, name))
      return name
    } catch (e) {
      this.failedAt.set(id, this.now())
      throw e instanceof SvcFailure ? e : refused('it could not be fetched')
    }
  }

  private async fetchBounded(url: URL): Promise<Buffer> {
    const res = await this.fetchImpl(url.href, {
      redirect: 'error',
      credentials: 'omit',
      headers: { Accept: 'image/*' },
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
    })
    if (!res.ok || !res.body) throw refused(`it answered HTTP ${res.status}`)
    if (Number(res.headers.get('content-length')) > MAX_LOGO_BYTES) throw refused('it is larger than 256 KiB')
    const chunks: Buffer[] = []
    let size = 0
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      size += chunk.length
      if (size > MAX_LOGO_BYTES) {
        await res.body.cancel().catch(() => undefined)
        throw refused('it is larger than 256 KiB')
      }
      chunks.push(Buffer.from(chunk))
    }
    return Buffer.concat(chunks)
  }
}

function allowedUrl(raw: string): URL {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw refused('it is not a URL')
  }
  const ok = url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHostname(url.hostname))
  if (!ok || url.username || url.password) throw refused('only https logos are fetched')
  return url
}

const refused = (why: string) => new SvcFailure({ kind: 'NotFound', operation: 'getLogo', message: `The logo was not shown: ${why}.` })
