import { useEffect } from 'react'
import { useCacheStatus } from '../stores/cache'
import { HashRouter, Navigate, Route, Routes } from 'react-router'
import { bridge } from '../bridge'
import { showCacheActivity } from './cacheActivity'
import { cacheModule } from '../db/lazy'
import { call } from '../lib/call'
import { startWatchSync } from '../features/watch/sync'
import { hydrateChainsFromCache } from '../features/chains/hydrateChains'
import { useConnection } from '../stores/connection'
import { useChains } from '../stores/chains'
import { DEFAULT_PATH, ROUTES } from './routes'
import { Shell } from './Shell'

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
  void Promise.all([boot, useChains.getState().ensure()]).then(([r]) => {
    // Offline at start-up: names, symbols and explorer links come from the cached chain list.
    if (r.ok && useChains.getState().status === 'failed') void hydrateChainsFromCache(r.value.activeProfileId)
  })
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
    // Watch events (cache write-through, notifications, opening a clicked notice) flow from start-up, not only once the Watch view is open.
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

/**
 * An unreachable service is probed soon, then less and less often: a blip or a restart
 * ends within seconds, and a long outage is not hammered.
 */
const RECONNECT_FIRST_PROBE_MS = 2_000
const RECONNECT_MAX_PROBE_MS = 15_000

function useReconnectProbe() {
  const unreachable = useConnection((s) => s.reachability === 'offline')
  const forced = useCacheStatus((s) => s.forcedOffline)
  useEffect(() => {
    if (!unreachable || forced) return
    let delay = RECONNECT_FIRST_PROBE_MS
    let timer: ReturnType<typeof setTimeout>
    const probe = () => {
      // A successful call flips reachability back to online (see lib/call.ts), ending the probe.
      void call('getChains', {})
      delay = Math.min(delay * 2, RECONNECT_MAX_PROBE_MS)
      timer = setTimeout(probe, delay)
    }
    timer = setTimeout(probe, delay)
    return () => clearTimeout(timer)
  }, [unreachable, forced])
}

export function App() {
  useAppBootstrap()
  useReconnectProbe()
  return (
    <HashRouter>
      <Routes>
        <Route element={<Shell />}>
          {ROUTES.map((r) => (
            <Route key={r.path} path={r.path} element={<r.view.Component />} />
          ))}
          <Route path="*" element={<Navigate to={DEFAULT_PATH} replace />} />
        </Route>
      </Routes>
    </HashRouter>
  )
}
