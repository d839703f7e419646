import { NavLink } from 'react-router'

/** Markets, Compare and Positions share the Yield sidebar entry; these tabs switch between them. */
export function YieldTabs() {
  return (
    <nav className="yield-tabs" aria-label="Yield">
      <NavLink to="/yield" end>
        Markets
      </NavLink>
      <NavLink to="/yield/compare">Compare</NavLink>
      <NavLink to="/yield/positions">Positions</NavLink>
    </nav>
  )
}
