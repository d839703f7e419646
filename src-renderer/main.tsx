import './app/earlyStart'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App, startBootstrap } from './app/App'
import { preloadRouteFor } from './app/routes'
import './styles.css'

// Before the first render (the cache's database is already opening, see app/earlyStart.ts):
// ask for the app's info and fetch the opening view's chunk, so both are on their way
// while React renders the shell.
startBootstrap()
void preloadRouteFor(window.location.hash)

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
