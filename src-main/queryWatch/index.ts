export { QueryWatcher, type QueryNotice, type QueryNotify, type QueryWatcherOptions, type ReadHistory } from './watcher'
