import { messageOf } from '@contract/errors'
/**
 * What to tell a person when the browser's storage refuses something. IndexedDB reports
 * quota, corruption and closed connections as DOMExceptions that Dexie may wrap (`inner`);
 * the names are stable, the messages are not.
 */
export function errorNames(error: unknown): string[] {
  const names: string[] = []
  for (let e = error as { name?: unknown; inner?: unknown; failures?: unknown[] } | undefined, depth = 0; e && depth < 4; depth++) {
    if (typeof e.name === 'string') names.push(e.name)
    // bulk operations keep the first failure's cause among their failures
    const next = e.inner ?? (Array.isArray(e.failures) ? e.failures[0] : undefined)
    e = next as typeof e
  }
  return names
}

export function storageErrorMessage(error: unknown): string {
  const names = errorNames(error)
  if (names.includes('QuotaExceededError'))
    return 'The disk space the browser allows this app is full. Clear older data in the Cache view, or request persistent storage there.'
  if (names.includes('DatabaseClosedError') || names.includes('InvalidStateError'))
    return 'The cache database was closed (another window may be upgrading it). Reload the app.'
  if (names.includes('DataCloneError')) return `A value could not be stored in the cache: ${messageOf(error)}`
  if (names.includes('UnknownError') || names.includes('DataError'))
    return `The cache database reported an internal error; it may be damaged. Clearing it in the Cache view usually helps. (${messageOf(error)})`
  if (names.includes('MissingAPIError')) return 'This browser offers no IndexedDB (private mode?), so nothing can be cached.'
  return `The cache could not be used: ${messageOf(error)}`
}
