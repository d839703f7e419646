import { createHmac, randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, readdirSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs'
import { rename, unlink, utimes, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { lookup } from 'node:dns/promises'
import { isIP } from 'node:net'
import { isLoopbackHostname, urlOf } from '../../src-shared/contract/app'
import { SvcFailure, orElse } from '../../src-shared/contract/errors'
import { Slots } from '../../src-shared/contract/slots'

/**
 * Logos the service names, fetched by the main process and kept on disk, so the page shows
 * images only from its own origin and a logo seen once shows offline (SECURITY.md, "Logos").
 * A logo on this machine is fetched only for a service on this machine, else a remote
 * service could make the app call any local port. Each is stored under a keyed digest of
 * its URL (`name-key`), so nobody without the key can test which logos were viewed. The
 * folder is bounded (`MAX_LOGOS`, `MAX_LOGO_STORE_BYTES`, least recently shown out first)
 * and indexed in memory after one read of the folder.
 */
export const MAX_LOGO_BYTES = 256 * 1024
/** Logos kept at most: a few hundred tokens, chains and curators, with room to spare. */
export const MAX_LOGOS = 1_000
/** Bytes kept at most, over all logos (logos are usually a few KiB each). */
export const MAX_LOGO_STORE_BYTES = 32 * 1024 * 1024
/** A shown logo's file time is brought forward at most this often, to keep the order across restarts without a write per view. */
const TOUCH_EVERY_MS = 60_000
const KEY_FILE = 'name-key'
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
/** The addresses a host name leads to. */
export type Resolve = (hostname: string) => Promise<string[]>
const systemResolve: Resolve = async (hostname) => (await lookup(hostname, { all: true })).map((a) => a.address)

interface Stored {
  name: string
  bytes: number
  touchedAt: number
}

/** Which logo URLs may be fetched for the service asking. */
export interface LogoRequest {
  /** The active profile's service is on this machine: logos on loopback are its own. */
  serviceIsLocal: boolean
}

/** Whether `url`'s host names this machine, by name or address (`localhost`, `127.x`, `::1`, `0.0.0.0`, IPv4-mapped forms). */
export function isThisMachine(hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/^\[|\]$/g, '')
  return (
    isLoopbackHostname(h) ||
    h.endsWith('.localhost') ||
    h === '0.0.0.0' ||
    h === '::' ||
    /^::ffff:(7f[0-9a-f]{2}:|0:0$|127\.|0\.0\.0\.0$)/.test(h)
  )
}

export class LogoStore {
  private readonly inFlight = new Map<string, Promise<string>>()
  private readonly failedAt = new Map<string, number>()
  /** Stored logos by id, least recently shown first (a Map keeps insertion order). */
  private index: Map<string, Stored> | undefined
  private key: Buffer | undefined
  private bytes = 0
  /** At most 8 logos fetched at once; the rest wait their turn, so a page of new URLs holds at most 8 answers in memory. */
  private readonly fetches = new Slots(8)

  constructor(
    private readonly dir: string,
    private readonly fetchImpl: LogoFetch = (u, i) => fetch(u, i),
    private readonly now: () => number = Date.now,
    private readonly limits = { count: MAX_LOGOS, bytes: MAX_LOGO_STORE_BYTES },
    private readonly resolve: Resolve = systemResolve,
  ) {}

  /** The served path of the logo at `url` (`/logos/<name>`), fetching it once if it is not stored yet. */
  async pathFor(url: string, request: LogoRequest): Promise<string> {
    const target = allowedUrl(url, request)
    const index = this.load()
    const id = createHmac('sha256', this.key!).update(target.href).digest('hex')
    const stored = index.get(id)
    if (stored) return `/logos/${this.shown(id, stored)}`
    const failed = this.failedAt.get(id)
    if (failed !== undefined && this.now() - failed < RETRY_AFTER_MS) throw refused('it could not be loaded a moment ago')
    let pending = this.inFlight.get(id)
    if (!pending) {
      pending = this.download(target, id, request).finally(() => this.inFlight.delete(id))
      this.inFlight.set(id, pending)
    }
    return `/logos/${await pending}`
  }

  /** The stored file for a served name, or `undefined`. */
  fileFor(name: string): string | undefined {
    if (!LOGO_FILE.test(name)) return undefined
    return this.load().get(name.slice(0, name.indexOf('.')))?.name === name ? join(this.dir, name) : undefined
  }

  /** Moves a logo to the recent end; its file's time follows now and then, so the order outlives a restart. */
  private shown(id: string, stored: Stored): string {
    const index = this.index!
    index.delete(id)
    index.set(id, stored)
    const now = this.now()
    if (now - stored.touchedAt >= TOUCH_EVERY_MS) {
      stored.touchedAt = now
      const at = new Date(now)
      void utimes(join(this.dir, stored.name), at, at).catch(() => undefined)
    }
    return stored.name
  }

  /**
   * The index, read from the folder once. Without its name key (new, or from before keyed
   * names) the logos go, their names being guessable, and are fetched again when shown.
   */
  private load(): Map<string, Stored> {
    if (this.index) return this.index
    mkdirSync(this.dir, { recursive: true, mode: 0o700 })
    this.key = this.readKey()
    const found: Array<Stored & { id: string }> = []
    for (const name of readdirSync(this.dir)) {
      const file = join(this.dir, name)
      try {
        if (LOGO_FILE.test(name) && this.key) {
          const st = statSync(file)
          if (st.isFile()) found.push({ id: name.slice(0, name.indexOf('.')), name, bytes: st.size, touchedAt: st.mtimeMs })
        } else if (LOGO_FILE.test(name) || name.endsWith('.tmp')) unlinkSync(file)
      } catch {
        // Gone meanwhile, or not a file: not a logo to serve.
      }
    }
    if (!this.key) this.key = this.makeKey()
    found.sort((a, b) => a.touchedAt - b.touchedAt)
    this.index = new Map(found.map(({ id, ...stored }) => [id, stored]))
    this.bytes = found.reduce((sum, f) => sum + f.bytes, 0)
    this.evict()
    return this.index
  }

  private readKey(): Buffer | undefined {
    const key = orElse<Buffer | undefined>(() => readFileSync(join(this.dir, KEY_FILE)), undefined)
    return key?.length === 32 ? key : undefined
  }

  /** A new key, created exclusively (`wx`) so another process on the folder that made one first wins; a damaged one is replaced. */
  private makeKey(): Buffer {
    const key = randomBytes(32)
    const file = join(this.dir, KEY_FILE)
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        writeFileSync(file, key, { mode: 0o600, flag: 'wx' })
        return key
      } catch {
        const theirs = this.readKey()
        if (theirs) return theirs
        rmSync(file, { force: true })
      }
    }
    return key
  }

  /** Removes the least recently shown logos until both caps hold. */
  private evict(): void {
    const index = this.index!
    for (const [id, stored] of index) {
      if (index.size <= this.limits.count && this.bytes <= this.limits.bytes) break
      index.delete(id)
      this.bytes -= stored.bytes
      void unlink(join(this.dir, stored.name)).catch(() => undefined)
    }
  }

  private async download(url: URL, id: string, request: LogoRequest): Promise<string> {
    await this.fetches.acquire()
    try {
      if (!request.serviceIsLocal) await this.refuseNamesOfThisMachine(url.hostname)
      const bytes = await this.fetchBounded(url)
      const ext = sniffImage(bytes)
      if (!ext) throw refused('it is not a PNG, JPEG, GIF, WebP, ICO or SVG image')
      const name = `${id}.${ext}`
      const temp = join(this.dir, `${name}.${process.pid}.tmp`)
      await writeFile(temp, bytes, { mode: 0o600 })
      // The file's time is when it was last shown: the order of removal at the next launch.
      const at = this.now()
      await utimes(temp, new Date(at), new Date(at))
      await rename(temp, join(this.dir, name))
      this.index!.set(id, { name, bytes: bytes.length, touchedAt: at })
      this.bytes += bytes.length
      this.evict()
      return name
    } catch (e) {
      this.failedAt.set(id, this.now())
      throw e instanceof SvcFailure ? e : refused('it could not be fetched')
    } finally {
      this.fetches.release()
    }
  }

  /**
   * A public name can lead to this machine too (`localtest.me` is 127.0.0.1): its addresses
   * are looked up before the fetch (one that cannot be looked up fails the fetch alike; a
   * later different answer meets https and a TLS handshake on a local port).
   */
  private async refuseNamesOfThisMachine(hostname: string): Promise<void> {
    if (isIP(hostname.replace(/^\[|\]$/g, ''))) return
    const addresses = await this.resolve(hostname).catch(() => [])
    if (addresses.some(isThisMachine)) throw refused('its name leads to this computer, and the service is not on this computer')
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

function allowedUrl(raw: string, request: LogoRequest): URL {
  const url = urlOf(raw)
  if (!url) throw refused('it is not a URL')
  const local = isThisMachine(url.hostname)
  const ok = url.protocol === 'https:' || (url.protocol === 'http:' && local)
  if (!ok || url.username || url.password) throw refused('only https logos are fetched')
  if (local && !request.serviceIsLocal) throw refused('it points at this computer, and the service is not on this computer')
  return url
}

const refused = (why: string) => new SvcFailure({ kind: 'NotFound', operation: 'getLogo', message: `The logo was not shown: ${why}.` })
