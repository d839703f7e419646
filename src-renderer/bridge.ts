import type { SvcBridge } from '@contract/bridge'
import { createHttpBridge } from './bridgeHttp'

declare global {
  interface Window {
    svc?: SvcBridge
  }
}

/**
 * The renderer's only way to the main core: Electron's preload gives `window.svc`,
 * the browser host gives the HTTP bridge. Nothing else in the renderer knows which.
 */
export const bridge: SvcBridge = window.svc ?? createHttpBridge()
