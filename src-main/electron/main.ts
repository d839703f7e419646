import { app, BrowserWindow, ipcMain, Menu, net, protocol, safeStorage, session, shell } from 'electron'
import nodePath, { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { startAppCore, type AppCore } from '../bridge/appCore'
import { SafeStorageKeyStore } from '../settings/keystore'
import { forwardEvents, wireIpc } from './ipc'
import { buildMenuTemplate } from './menu'
import { bringForward, createElectronNotifiers } from './notify'
import { logoHeaders } from '../logos/serve'
import { readFile } from 'node:fs/promises'
import {
  APP_ORIGIN,
  APP_SCHEME,
  RENDERER_CSP,
  externalUrlToOpen,
  hardenedWebPreferences,
  isAllowedNavigation,
  isTrustedSenderUrl,
  rendererFileFor,
} from './security'

// Must run before `ready`: a standard, secure scheme gets a real origin for the CSP.
// `codeCache` keeps V8's compiled code of the renderer's scripts between launches, as
// Chromium does for http(s) pages: start-up then skips most of the bundle's compiling.
protocol.registerSchemesAsPrivileged([
  { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } },
])

let mainWindow: BrowserWindow | null = null
let appCore: AppCore | null = null

function createWindow(core: AppCore): BrowserWindow {
  const win = new BrowserWindow({
    width: 1360,
    height: 860,
    minWidth: 900,
    minHeight: 600,
    show: false,
    title: 'Intent Explorer',
    webPreferences: hardenedWebPreferences(join(__dirname, '../preload/index.cjs')),
  })
  const stopEvents = forwardEvents(core.events, win.webContents)
  win.on('closed', () => {
    stopEvents()
    mainWindow = null
  })
  win.once('ready-to-show', () => win.show())
  void win.loadURL(`${APP_ORIGIN}/index.html`)
  return win
}

function serveRenderer(): void {
  const rendererDir = join(__dirname, '../renderer')
  protocol.handle(APP_SCHEME, async (request) => {
    const logo = serveLogo(request.url)
    if (logo) return logo
    const path = rendererFileFor(request.url, rendererDir, nodePath)
    if (!path) return new Response('Not found', { status: 404 })
    const file = await net.fetch(pathToFileURL(path).toString())
    const headers = new Headers(file.headers)
    headers.set('Content-Security-Policy', RENDERER_CSP)
    headers.set('X-Content-Type-Options', 'nosniff')
    return new Response(file.body, { status: file.status, headers })
  })
}

/** `app://renderer/logos/<name>`: a stored logo (see `logos/store.ts`), sandboxed; `undefined` for any other path. */
function serveLogo(url: string): Promise<Response> | undefined {
  if (!isTrustedSenderUrl(url)) return undefined
  const { pathname } = new URL(url)
  if (!pathname.startsWith('/logos/')) return undefined
  const name = pathname.slice('/logos/'.length)
  const file = appCore?.logos.fileFor(name)
  if (!file) return Promise.resolve(new Response('Not found', { status: 404 }))
  return readFile(file).then(
    (body) => new Response(body, { headers: logoHeaders(name) }),
    () => new Response('Not found', { status: 404 }),
  )
}

app.on('web-contents-created', (_event, contents) => {
  contents.setWindowOpenHandler(({ url }) => {
    const external = externalUrlToOpen(url)
    if (external) void shell.openExternal(external)
    return { action: 'deny' }
  })
  const guard = (event: Electron.Event, url: string) => {
    if (!isAllowedNavigation(contents.getURL(), url)) event.preventDefault()
  }
  contents.on('will-navigate', guard)
  contents.on('will-redirect', guard)
  contents.on('will-attach-webview', (event) => event.preventDefault())
})

if (!app.requestSingleInstanceLock()) {
  app.quit()
} else {
  app.on('second-instance', () => bringForward(mainWindow))

  void app.whenReady().then(async () => {
    // No web permission is ever granted to a page.
    session.defaultSession.setPermissionRequestHandler((_wc, _permission, callback) => callback(false))
    session.defaultSession.setPermissionCheckHandler(() => false)
    serveRenderer()
    Menu.setApplicationMenu(Menu.buildFromTemplate(buildMenuTemplate(process.platform)))
    const dataDir = app.getPath('userData')
    appCore = await startAppCore({
      runtime: 'electron',
      version: app.getVersion(),
      dataDir,
      keyStore: new SafeStorageKeyStore(safeStorage, join(dataDir, 'access-keys.json')),
      simulator: { startAt: Date.now() },
      ...createElectronNotifiers(() => mainWindow, () => appCore?.events),
    })
    wireIpc(ipcMain, appCore.handlers)
    mainWindow = createWindow(appCore)
    app.on('activate', () => {
      if (BrowserWindow.getAllWindows().length === 0 && appCore) mainWindow = createWindow(appCore)
    })
  })

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit()
  })
  app.on('will-quit', () => {
    void appCore?.stop()
  })
}
