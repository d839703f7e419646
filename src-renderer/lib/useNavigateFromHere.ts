import { useCallback, useContext } from 'react'
import { UNSAFE_NavigationContext, useLocation, useNavigate, type Location, type NavigateOptions, type To } from 'react-router'

/**
 * `navigate` for an effect or a callback that may run late. The router draws the next page
 * in a transition, so a view stays on screen (and its answers keep arriving) after the
 * person has gone on: while the next view's code loads or a long list renders. Navigating
 * from there would take them back to a page they left. This one navigates only while the
 * router's history still stands where this component was drawn, and says whether it did.
 */
export function useNavigateFromHere(): (to: To, options?: NavigateOptions) => boolean {
  const navigate = useNavigate()
  const here = useLocation()
  // The browser, hash and memory routers' navigator is their history, which knows where it stands now.
  const { navigator } = useContext(UNSAFE_NavigationContext)
  return useCallback(
    (to: To, options?: NavigateOptions) => {
      const now = (navigator as { location?: Location }).location
      if (now && (now.key !== here.key || now.pathname !== here.pathname || now.search !== here.search)) return false
      navigate(to, options)
      return true
    },
    [navigate, navigator, here],
  )
}
