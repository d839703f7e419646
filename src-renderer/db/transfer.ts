/**
 * Moving the cache in and out of files: export, import (validated against the contract's
 * schemas). Apart from the rest of the cache module (`./index`) because
 * validation brings zod and every service schema with it: only the views that move files
 * load this, the first time they open, and start-up does not.
 */
export { exportCache, importCache, readBlobText, type ImportOptions, type ImportResult, type TransferProgress } from './exportImport'
export { CacheFileError, parseCacheFile, type CacheFile } from './fileFormat'
