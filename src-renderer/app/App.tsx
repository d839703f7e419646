import { useEffect } from 'react'
import { HashRouter } from 'react-router'
import { bridge } from '../bridge'
import { showCacheActivity } from './cacheActivity'
import { cacheModule } from '../db/lazy'
import { call } from '../data/call'
import { startWatchSync } from '../features/watch/sync'
import { useConnection } from '../stores/connection'
import { askChainsEarly, useChainDirectory, useReconnectProbe } from '../data/reference/chains'
import { AppRoutes } from './AppRoutes'
import { DataProvider } from '../data/DataProvider'

/**
 * What start-up asks before React renders anything (`startBootstrap`, called by main.tsx):
 * the app's info (the active profile every view reads by) and the chain list, so the
 * first view finds them answered or on their way instead of asking after its first render.
 */
let boot: ReturnType<typeof call<'getAppInfo'>> | undefined

export function startBootstrap(): void {
  if (boot) return
  boot = call('getAppInfo', undefined).then((r) => {
    if (r.ok) useConnection.getState().setInfo(r.value)
    return r
  })
  askChainsEarly()
}

function useAppBootstrap() {
  const setInfo = useConnection((s) => s.setInfo)
  useEffect(() => {
    startBootstrap()
    // The cache's failed writes and filing backlog show in the shell; history pages a
    // closed window staged but did not file are filed now.
    let stopCacheActivity = () => {}
    void cacheModule().then((db) => {
      stopCacheActivity = db.onCacheActivity(showCacheActivity)
      db.scheduleIndexing()
    })
    // Watch and watched-filter events (notifications, opening a clicked notice; the data layer writes their cache copy) flow from start-up, not only once the Watch view is open.
    const stopWatchSync = startWatchSync()
    const off = bridge.subscribe((event) => {
      if (event.type === 'appInfo') setInfo(event.info)
    })
    return () => {
      off()
      stopWatchSync()
      stopCacheActivity()
    }
  }, [setInfo])
}

function AppRoot() {
  useAppBootstrap()
  // Chain names, symbols and explorer links are wanted by almost every view: load them at start-up.
  useChainDirectory()
  useReconnectProbe()
  return (
    <HashRouter>
      <AppRoutes />
    </HashRouter>
  )
}

export function App() {
  return (
    <DataProvider>
      <AppRoot />
    </DataProvider>
  )
}
