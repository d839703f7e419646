/**
 * The decode worker: parses a large answer of the browser host off the window's thread
 * and posts it back in slices (`splitAnswer`, `bridgeDecode.ts`).
 */
import { splitAnswer } from './bridgeDecode'

self.addEventListener('message', (e: MessageEvent<{ id: number; bytes: ArrayBuffer }>) => {
  for (const m of splitAnswer(e.data.id, e.data.bytes)) self.postMessage(m)
})
