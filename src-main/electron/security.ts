import { urlOf } from '../../src-shared/contract/app'
import type { PlatformPath } from 'node:path'
import { resolveRendererFile } from './rendererPath'

/** The desktop app's hardening as plain data and pure functions: tested without Electron, the CSP shared with the host. */

/** Custom scheme the renderer is served from (never `file://`). */
export const APP_SCHEME = 'app'
export const APP_HOST = 'renderer'
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`

/**
 * Code, connections and images only from the page's own origin: the service is reached
 * through the bridge, and logos are fetched and kept by main (`logos/store.ts`), so no
 * URL a service names can carry anything out. Inline styles: the chart library sets them.
 */
export const RENDERER_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  // The cache worker (src-renderer/db/cacheWorker.ts), a script of the app's own.
  "worker-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self'",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ')

/** What every window of the app runs with: isolated, sandboxed, no Node, no webviews. */
export function hardenedWebPreferences(preload: string) {
  return {
    preload,
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
    spellcheck: false,
  } as const
}

/** Only https links leave the app, and only to the system browser. */
export function externalUrlToOpen(raw: string): string | null {
  const url = urlOf(raw)
  if (url?.protocol !== 'https:' || url.username || url.password || !url.hostname) return null
  return url.toString()
}

/** IPC is answered only for our own top-level page. */
export function isTrustedSenderUrl(raw: string | undefined): boolean {
  const url = raw ? urlOf(raw) : undefined
  return url?.protocol === `${APP_SCHEME}:` && url.host === APP_HOST
}

/** Same-document hash changes are the app's routing; every other navigation is refused. */
export function isAllowedNavigation(currentUrl: string, targetUrl: string): boolean {
  const a = urlOf(currentUrl)
  const b = urlOf(targetUrl)
  return a !== undefined && b !== undefined && isTrustedSenderUrl(targetUrl) && a.pathname === b.pathname && a.search === b.search
}

/** The file inside the built renderer (`root`) an `app://renderer/<path>` request asks for, or null (see `rendererPath.ts`). */
export function rendererFileFor(requestUrl: string, root: string, path: PlatformPath): string | null {
  if (!isTrustedSenderUrl(requestUrl)) return null
  return resolveRendererFile(root, new URL(requestUrl).pathname, path)
}
