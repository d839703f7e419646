import { readFileSync } from 'node:fs'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { BRIDGE_METHOD_NAMES, ipcChannel } from '../../src-shared/contract/channels'
import { EventHub } from '../events/hub'
import { SafeStorageKeyStore } from '../settings/keystore'
import { APP_ORIGIN, APP_SCHEME, RENDERER_CSP } from './security'

/**
 * The desktop entry point run against a stand-in for Electron: asserts that what
 * `security.ts` describes is what `main.ts` actually wires up — the window's
 * preferences, the custom scheme, the permission handlers, the refusal of new windows,
 * navigation and webviews, and one sender-checked IPC channel per bridge method.
 */

type Listener = (...args: unknown[]) => unknown

class Emitter {
  readonly handlers = new Map<string, Listener[]>()
  on(event: string, l: Listener) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), l])
    return this
  }
  once(event: string, l: Listener) {
    return this.on(event, l)
  }
  emit(event: string, ...args: unknown[]) {
    for (const l of this.handlers.get(event) ?? []) l(...args)
  }
}

const h = vi.hoisted(() => ({
  windows: [] as Array<{ options: Record<string, unknown>; url?: string }>,
  ipc: new Map<string, Listener>(),
  schemes: [] as unknown[],
  protocolHandlers: new Map<string, (req: Request) => Promise<Response>>(),
  permissionRequest: undefined as undefined | Listener,
  permissionCheck: undefined as undefined | Listener,
  opened: [] as string[],
  fetched: [] as string[],
  coreOptions: undefined as undefined | { keyStore: unknown },
  app: undefined as unknown as { emit(e: string, ...a: unknown[]): void; ready: Promise<void> },
}))

vi.mock('electron', () => {
  let markReady!: () => void
  const ready = new Promise<void>((r) => (markReady = r))
  const app = Object.assign(new Emitter(), {
    ready,
    requestSingleInstanceLock: () => true,
    whenReady: () => (setTimeout(markReady, 0), ready),
    getPath: () => '/tmp/ie-main-test',
    getVersion: () => '0.0.0-test',
    quit: vi.fn(),
  })
  h.app = app
  class BrowserWindow extends Emitter {
    static getAllWindows = () => []
    readonly webContents = Object.assign(new Emitter(), { send: vi.fn(), isDestroyed: () => false })
    private readonly record: { options: Record<string, unknown>; url?: string }
    constructor(options: Record<string, unknown>) {
      super()
      this.record = { options }
      h.windows.push(this.record)
    }
    loadURL(url: string) {
      this.record.url = url
      return Promise.resolve()
    }
  }
  return {
    app,
    BrowserWindow,
    ipcMain: { handle: (channel: string, l: Listener) => h.ipc.set(channel, l), on: vi.fn() },
    Menu: { buildFromTemplate: (t: unknown) => t, setApplicationMenu: vi.fn() },
    Notification: Object.assign(vi.fn(), { isSupported: () => false }),
    net: {
      fetch: async (url: string) => {
        h.fetched.push(url)
        return new Response('<!doctype html>', { status: 200, headers: { 'Content-Type': 'text/html' } })
      },
    },
    protocol: {
      registerSchemesAsPrivileged: (s: unknown[]) => h.schemes.push(...s),
      handle: (scheme: string, handler: (req: Request) => Promise<Response>) => h.protocolHandlers.set(scheme, handler),
    },
    safeStorage: { isEncryptionAvailable: () => true, encryptString: (s: string) => Buffer.from(s), decryptString: (b: Buffer) => b.toString() },
    session: {
      defaultSession: {
        setPermissionRequestHandler: (l: Listener) => (h.permissionRequest = l),
        setPermissionCheckHandler: (l: Listener) => (h.permissionCheck = l),
      },
    },
    shell: { openExternal: (url: string) => (h.opened.push(url), Promise.resolve()) },
  }
})

vi.mock('../bridge/appCore', () => ({
  startAppCore: async (options: { keyStore: unknown }) => {
    h.coreOptions = options
    return {
      events: new EventHub(),
      handlers: Object.fromEntries(BRIDGE_METHOD_NAMES.map((n) => [n, async () => ({ ok: true, value: n })])),
      stop: async () => {},
    }
  },
}))

/** A web contents as `web-contents-created` hands it over, recording what main installs on it. */
function contentsAt(url: string) {
  const contents = Object.assign(new Emitter(), {
    openHandler: undefined as undefined | ((d: { url: string }) => { action: string }),
    setWindowOpenHandler(l: (d: { url: string }) => { action: string }) {
      this.openHandler = l
    },
    getURL: () => url,
  })
  h.app.emit('web-contents-created', {}, contents)
  return contents
}

/** Emits a navigation-like event and says whether main let it happen. */
function allowed(contents: Emitter, event: string, ...args: unknown[]): boolean {
  const ev = { preventDefault: vi.fn() }
  contents.emit(event, ev, ...args)
  return ev.preventDefault.mock.calls.length === 0
}

beforeAll(async () => {
  await import('./main')
  await h.app.ready
  await vi.waitFor(() => expect(h.windows).toHaveLength(1))
})

describe('desktop main process', () => {
  it('opens one window, isolated and sandboxed, with the bundled preload and no Node in the page', () => {
    const prefs = h.windows[0].options.webPreferences as Record<string, unknown>
    expect(prefs).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
    })
    expect(String(prefs.preload)).toMatch(/preload[/\\]index\.cjs$/)
  })

  it('serves the page from its own secure scheme, never file://, with the CSP on every answer', async () => {
    expect(h.windows[0].url).toBe(`${APP_ORIGIN}/index.html`)
    expect(h.schemes).toEqual([{ scheme: APP_SCHEME, privileges: expect.objectContaining({ standard: true, secure: true, codeCache: true }) }])
    const serve = h.protocolHandlers.get(APP_SCHEME)!
    const page = await serve(new Request(`${APP_ORIGIN}/index.html`))
    expect(page.headers.get('content-security-policy')).toBe(RENDERER_CSP)
    expect(page.headers.get('x-content-type-options')).toBe('nosniff')
    expect(h.fetched.at(-1)).toMatch(/^file:\/\/.*[/\\]renderer[/\\]index\.html$/)
    const fetches = h.fetched.length
    expect((await serve(new Request(`${APP_ORIGIN}/..%2F..%2Fetc/passwd`))).status).toBe(404)
    expect(h.fetched).toHaveLength(fetches)
  })

  it('denies every permission request and check', () => {
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal', 'hid']) {
      const callback = vi.fn()
      h.permissionRequest!({}, permission, callback)
      expect(callback).toHaveBeenCalledWith(false)
      expect(h.permissionCheck!({}, permission)).toBe(false)
    }
  })

  it('opens no windows: https links go to the system browser, everything else nowhere', () => {
    const contents = contentsAt(`${APP_ORIGIN}/index.html#/search`)
    for (const url of ['https://etherscan.io/tx/0x1', 'http://example.com', 'file:///etc/passwd', 'javascript:alert(1)', `${APP_ORIGIN}/index.html`])
      expect(contents.openHandler!({ url })).toEqual({ action: 'deny' })
    expect(h.opened).toEqual(['https://etherscan.io/tx/0x1'])
  })

  it('refuses navigation and redirects away from the page, and every webview', () => {
    const contents = contentsAt(`${APP_ORIGIN}/index.html#/search`)
    expect(allowed(contents, 'will-navigate', `${APP_ORIGIN}/index.html#/history`)).toBe(true)
    for (const url of ['https://evil.example/', 'file:///etc/passwd', `${APP_ORIGIN}/other.html`, 'app://evil/index.html'])
      for (const event of ['will-navigate', 'will-redirect']) expect(allowed(contents, event, url), `${event} ${url}`).toBe(false)
    expect(allowed(contents, 'will-attach-webview', {}, {})).toBe(false)
  })

  it('answers exactly one IPC channel per bridge method, only for frames of the page', async () => {
    expect([...h.ipc.keys()].sort()).toEqual(BRIDGE_METHOD_NAMES.map(ipcChannel).sort())
    const getChains = h.ipc.get(ipcChannel('getChains'))!
    await expect(getChains({ senderFrame: { url: `${APP_ORIGIN}/index.html` } }, {})).resolves.toEqual({ ok: true, value: 'getChains' })
    for (const url of ['https://evil.example/', 'file:///index.html', 'devtools://devtools/bundled/inspector.html'])
      await expect(getChains({ senderFrame: { url } }, {})).resolves.toMatchObject({ ok: false, error: { kind: 'Unauthorized' } })
  })
})

describe('key custody on the desktop', () => {
  it('keeps access keys with the OS keyring through safeStorage', () => {
    expect(h.coreOptions?.keyStore).toBeInstanceOf(SafeStorageKeyStore)
  })
})

describe('packaging fuses', () => {
  /** The `electronFuses` block of electron-builder.yml: flat `key: value` lines. */
  const config = readFileSync(new URL('../../electron-builder.yml', import.meta.url), 'utf8')
  const block = /^electronFuses:\n((?:[ \t]+.*\n?)+)/m.exec(config)?.[1] ?? ''
  const fuses = Object.fromEntries(
    block
      .split('\n')
      .map((line) => /^\s+(\w+):\s*(true|false)\s*$/.exec(line))
      .filter((m): m is RegExpExecArray => m !== null)
      .map((m) => [m[1], m[2] === 'true']),
  )

  it('turns Node back-doors off and asar integrity on for packaged builds', () => {
    expect(fuses).toMatchObject({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      grantFileProtocolExtraPrivileges: false,
      enableCookieEncryption: true,
    })
    expect(config).toMatch(/^asar: true$/m)
  })

  it('names only fuses electron-builder knows, so none is silently ignored', () => {
    const scheme = JSON.parse(readFileSync(new URL('../../node_modules/app-builder-lib/scheme.json', import.meta.url), 'utf8')) as {
      definitions: { FuseOptionsV1: { properties: Record<string, unknown> } }
    }
    const known = Object.keys(scheme.definitions.FuseOptionsV1.properties)
    expect(Object.keys(fuses).length).toBeGreaterThan(0)
    for (const name of Object.keys(fuses)) expect(known).toContain(name)
  })
})
