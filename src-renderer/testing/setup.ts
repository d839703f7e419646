import '@testing-library/jest-dom/vitest'
import 'fake-indexeddb/auto'
import { cleanup, configure } from '@testing-library/react'
import { afterEach } from 'vitest'

// Without vitest globals Testing Library cannot register its own cleanup.
afterEach(cleanup)

// findBy*/waitFor give up after 1 s by default; a busy 2-core machine running the whole
// suite can take longer than that to draw what a test waits for (an export of every
// market, a list read from the fake cache). A wait that succeeds returns as soon as it
// does, so a longer limit only changes how long a real failure takes to report.
configure({ asyncUtilTimeout: 5_000 })
