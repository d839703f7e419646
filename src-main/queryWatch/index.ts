export { createQueryWatcher, historyFromSessions, type QueryWatcherOptions, type ReadHistory } from './watcher'
export type { QueryNotice, QueryNotify } from './notice'
