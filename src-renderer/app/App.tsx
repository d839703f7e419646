import { useEffect } from 'react'
import { HashRouter, Navigate, Route, Routes } from 'react-router'
import { bridge } from '../bridge'
import { call } from '../lib/call'
import { useConnection } from '../stores/connection'
import { useChains } from '../stores/chains'
import { DEFAULT_PATH, ROUTES } from './routes'
import { Shell } from './Shell'

function useAppBootstrap() {
  const setInfo = useConnection((s) => s.setInfo)
  useEffect(() => {
    void call('getAppInfo', undefined).then((r) => r.ok && setInfo(r.value))
    void useChains.getState().ensure()
    return bridge.subscribe((event) => {
      if (event.type === 'appInfo') setInfo(event.info)
    })
  }, [setInfo])
}

export function App() {
  useAppBootstrap()
  return (
    <HashRouter>
      <Routes>
        <Route element={<Shell />}>
          {ROUTES.map((r) => (
            <Route key={r.path} path={r.path} element={r.element} />
          ))}
          <Route path="*" element={<Navigate to={DEFAULT_PATH} replace />} />
        </Route>
      </Routes>
    </HashRouter>
  )
}
