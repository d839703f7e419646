import { openCacheEarly } from './data/openCacheEarly'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App, startBootstrap } from './app/App'
import { preloadRouteFor } from './app/routes'
import './styles.css'

// Before the first render: open the cache's database, ask for the app's info and fetch the
// opening view's chunk, so all three are on their way while React renders the shell.
openCacheEarly()
startBootstrap()
void preloadRouteFor(window.location.hash)

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
