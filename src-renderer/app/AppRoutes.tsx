import { Navigate, Route, Routes } from 'react-router'
import { DEFAULT_PATH, ROUTES } from './routes'
import { Shell } from './Shell'

/** The shell around every routed view; the app puts it in a hash router, tests in a memory router. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Shell />}>
        {ROUTES.map((r) => (
          <Route key={r.path} path={r.path} element={<r.view.Component />} />
        ))}
        <Route path="*" element={<Navigate to={DEFAULT_PATH} replace />} />
      </Route>
    </Routes>
  )
}
