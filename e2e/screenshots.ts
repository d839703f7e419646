/**
 * `npm run screenshots`: one picture per main view for the README, taken from the same
 * fixtures and tour as the e2e suite (embedded simulator + browser host + Debian's
 * Chromium), so the pictures stay current with the app.
 *
 *   npm run screenshots                         light, 1280×800, into docs/screenshots/
 *   npm run screenshots -- --dark --size 1440x900 --out /tmp/shots --only history,watch
 */
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { chromium } from '@playwright/test'
import { CHROMIUM_ARGS, chromiumPath } from './chromium'
import { startTestApp } from './test-app'
import { TOUR } from './tour'

const { values } = parseArgs({
  options: {
    out: { type: 'string', default: 'docs/screenshots' },
    size: { type: 'string', default: '1280x800' },
    dark: { type: 'boolean', default: false },
    only: { type: 'string' },
  },
})

function viewport(size: string): { width: number; height: number } {
  const m = /^(\d{3,4})x(\d{3,4})$/.exec(size)
  if (!m) throw new Error(`--size takes WIDTHxHEIGHT, e.g. 1280x800 (got "${size}")`)
  return { width: Number(m[1]), height: Number(m[2]) }
}

async function main() {
  const executablePath = chromiumPath()
  if (!executablePath) throw new Error('Chromium not found: install Debian’s chromium or set CHROMIUM_PATH')
  const only = values.only?.split(',')
  const stops = TOUR.filter((s) => !only || only.includes(s.name))
  if (!stops.length) throw new Error(`--only names none of: ${TOUR.map((s) => s.name).join(', ')}`)
  mkdirSync(values.out, { recursive: true })
  const { stop: stopApp, ...app } = await startTestApp()
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS })
  try {
    const page = await browser.newPage({ viewport: viewport(values.size), colorScheme: values.dark ? 'dark' : 'light' })
    for (const stop of stops) {
      const undo = stop.prepare?.(app)
      try {
        await page.goto(`${app.host.newLaunchUrl()}#${stop.hash(app)}`)
        await stop.ready(page)
        // Charts animate in; let them settle before the picture.
        await page.waitForTimeout(600)
        const file = join(values.out, `${stop.name}${values.dark ? '-dark' : ''}.png`)
        await page.screenshot({ path: file })
        console.log(`${file}  ${stop.caption}`)
      } finally {
        undo?.()
      }
    }
  } finally {
    await browser.close()
    await stopApp()
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e)
  process.exit(1)
})
