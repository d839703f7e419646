/**
 * The cache's IndexedDB database. Its own module, with nothing else, so the page's entry can
 * open the database early (`data/openCacheEarly.ts`) without loading the schema or Dexie.
 */
export const DB_NAME = 'intent-explorer'
