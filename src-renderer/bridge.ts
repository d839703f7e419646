import type { PreloadSvc, SvcBridge } from '@contract/bridge'
import { createHttpBridge } from './bridgeHttp'
import { wrapPreload } from './bridgeIpc'

declare global {
  interface Window {
    svc?: PreloadSvc
  }
}

/**
 * The renderer's only way to the main core: Electron's preload gives `window.svc`,
 * the browser host gives the HTTP bridge. Nothing else in the renderer knows which. Both
 * take a call's `signal`: a call given up resolves as `Aborted` and main abandons it.
 */
export const bridge: SvcBridge = window.svc ? wrapPreload(window.svc) : createHttpBridge()
