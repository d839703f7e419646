import { openCacheEarly } from '../data/openCacheEarly'

// main.tsx imports this module first, so it runs before React, the router and the rest of
// the entry are evaluated: the database starts opening as early as the page's code can ask.
openCacheEarly()
