import type { PreloadSvc } from '@contract/bridge'
import { fakeCall } from './bridge'

/**
 * The scripted bridge (`fakeCall` and its `answers`) installed as the page's `window.svc`,
 * the way Electron's preload installs the real one, so tests of hooks reach it through
 * the app's own `call` with no module mocked. Import this first in the test file: the
 * bridge is chosen when `src-renderer/bridge.ts` is first loaded.
 */
window.svc = new Proxy({} as PreloadSvc, {
  get: (_, method) =>
    method === 'subscribe' ? () => () => {} : method === 'cancel' ? () => {} : (args: unknown) => fakeCall(method as never, args),
})
