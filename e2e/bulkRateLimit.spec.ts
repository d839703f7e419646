import { createServer, request } from 'node:http'
import type { AddressInfo } from 'node:net'
import { test, expect, startTestApp } from './fixtures'

/**
 * Retries live in main only. Against a service that answers every SearchIntents with 429,
 * a Bulk lookup costs each key the main client's 3 attempts and no more (the page's pool
 * used to ask 5 times over, 15 requests a key), and the page shows the wait the service
 * asked for instead of asking again. A counting proxy in front of the simulator sees every
 * request.
 */
test('a service answering 429 sees at most 3 SearchIntents per Bulk lookup key, and the page shows its wait', async ({ page }) => {
  test.setTimeout(90_000)
  const app = await startTestApp()
  const upstream = new URL(app.appCore.simulator.url)
  let searches = 0
  const proxy = createServer((req, res) => {
    if (req.url?.endsWith('/SearchIntents')) searches++
    const forward = request({ host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers)
      answer.pipe(res)
    })
    req.pipe(forward)
  })
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
  try {
    const { core } = app.appCore
    const profile = core.saveProfile({ name: 'Counted', baseUrl: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}` })
    core.setAccessKey(profile.id, 'demo-key', true)
    core.setActiveProfile(profile.id)
    await app.admin('faults', { spec: 'rate429=1:retry=2@SearchIntents' })

    // More keys than run at once, so the later ones wait for the service.
    const keys = Array.from({ length: 6 }, (_, n) => `0x${String(n + 1).repeat(64)}`)
    await page.goto(`${app.host.newLaunchUrl()}#/bulk`)
    await page.getByRole('textbox', { name: 'Keys' }).fill(keys.join('\n'))
    await page.getByRole('button', { name: 'Look up 6 keys' }).click()
    await expect(page.getByRole('status', { name: 'Rate limit wait' })).toContainText('The service asked to wait', { timeout: 30_000 })
    await expect(page.getByRole('status', { name: 'Lookup result' })).toContainText('6 of 6 keys looked up', { timeout: 60_000 })
    // A hash key's first reading is refused, so it is that key's only reading: 3 attempts, all in main.
    expect(searches).toBe(keys.length * 3)
  } finally {
    proxy.closeAllConnections()
    await new Promise((resolve) => proxy.close(resolve))
    await app.stop()
  }
})
