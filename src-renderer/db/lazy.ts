/**
 * The cache module (`src-renderer/db`, with Dexie), loaded on first use. The shell's
 * start-up work (filing staged history, mirroring watches, cached chains) reaches the
 * cache through this, so the first render does not wait for Dexie's code; the views
 * that read the cache import it as usual, and their chunks bring it along.
 */
export const cacheModule = () => import('./index')
export type CacheModule = Awaited<ReturnType<typeof cacheModule>>
