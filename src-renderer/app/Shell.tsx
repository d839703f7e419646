import { NavLink, Outlet } from 'react-router'
import { ROUTES } from './routes'
import { ConnectionIndicator } from './ConnectionIndicator'

export function Shell() {
  return (
    <div className="shell">
      <nav className="sidebar" aria-label="Views">
        <div className="brand">Intent Explorer</div>
        <ul>
          {ROUTES.filter((r) => r.nav).map((r) => (
            <li key={r.path}>
              <NavLink to={r.nav!.to}>
                {r.nav!.label}
                {r.nav!.note ? <span className="muted small"> {r.nav!.note}</span> : null}
              </NavLink>
            </li>
          ))}
        </ul>
        <div className="sidebar-foot">
          <ConnectionIndicator />
        </div>
      </nav>
      <main className="content">
        <Outlet />
      </main>
    </div>
  )
}
