import { openCacheEarly } from '../data/openCacheEarly'

// Not part of the entry: the build bundles this on its own into assets/open-cache-<hash>.js, which
// index.html loads (async) before the entry, so the cache's database starts opening as the
// HTML arrives rather than once the entry is fetched and compiled (scripts/earlyOpenScript.ts).
openCacheEarly()
