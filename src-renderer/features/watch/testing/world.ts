import { vi } from 'vitest'
import type { AppInfo } from '@contract/app'
import { openExplorerDb, setExplorerDb } from '../../../db'
import { useCacheStatus } from '../../../stores/cache'
import { useConnection } from '../../../stores/connection'
import { fakeCall, info, main } from './fakeMain'

/** Per-test set-up for the watch feature: an empty fake main process, a fresh cache, a connected profile. */

let dbCount = 0
export function resetWatchWorld(runtime: AppInfo['runtime'] = 'host') {
  main.watches.clear()
  main.notificationsMuted = false
  main.paused = false
  main.unknownIds.clear()
  main.failNext = null
  main.revision = 0
  fakeCall.mockClear()
  setExplorerDb(openExplorerDb(`watch-test-${++dbCount}-${Math.random().toString(36).slice(2)}`))
  useCacheStatus.setState({ forcedOffline: false })
  useConnection.setState({ info: info(runtime), reachability: 'online', lastOutage: null })
  location.hash = ''
}

/** Records `new Notification(...)` calls, with a granted permission. */
export function fakeNotifications() {
  const shown: Array<{ title: string; body?: string; onclick: null | (() => void) }> = []
  class FakeNotification {
    static permission: NotificationPermission = 'granted'
    static requestPermission = vi.fn(async () => FakeNotification.permission)
    onclick: null | (() => void) = null
    constructor(
      readonly title: string,
      readonly options?: NotificationOptions,
    ) {
      shown.push(this as unknown as (typeof shown)[number])
    }
    get body() {
      return this.options?.body
    }
    close() {}
  }
  vi.stubGlobal('Notification', FakeNotification)
  return { shown, FakeNotification }
}
