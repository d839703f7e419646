export { ReceiptWatcher, DEFAULT_MAX_CONCURRENT, type ReceiptWatcherOptions } from './watcher'
export type { Notify } from './notice'
