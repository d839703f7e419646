import { test, expect, _electron as electron } from '@playwright/test'
import { electronBinary } from '../scripts/electronBinary'

const binary = electronBinary()
if (!binary.ok) console.log(`Electron spec skipped: Electron binary unavailable (${binary.reason}).`)

test.describe('desktop app (Electron)', () => {
  test.skip(!binary.ok, `Electron binary unavailable: ${binary.ok ? '' : binary.reason}`)

  test('opens hardened, with the bridge as window.svc and the chains table', async () => {
    const app = await electron.launch({ executablePath: binary.ok ? binary.path : undefined, args: ['.'] })
    try {
      const page = await app.firstWindow()
      expect(page.url()).toMatch(/^app:\/\/renderer\//)
      const exposed = await page.evaluate(() => ({
        svc: Object.keys((window as unknown as { svc: object }).svc).sort(),
        require: typeof (window as unknown as { require?: unknown }).require,
        process: typeof (window as unknown as { process?: unknown }).process,
      }))
      expect(exposed.require).toBe('undefined')
      expect(exposed.process).toBe('undefined')
      expect(exposed.svc).toContain('getChains')
      await page.evaluate(() => (location.hash = '#/chains'))
      await expect(page.getByRole('table', { name: 'Chains' })).toBeVisible()
    } finally {
      await app.close()
    }
  })
})
