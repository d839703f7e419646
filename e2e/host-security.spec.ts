import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { test, expect } from './fixtures'

/**
 * The browser host as a real browser meets it: the launch token does not linger where
 * scripts can read it, the app's page cannot reach the service except through the
 * bridge, and a page of another origin cannot drive the bridge, even from this machine
 * (a local web page on another port is same-site, so the cookie alone would not stop it).
 */

let attacker: Server
let attackerOrigin = ''

test.beforeAll(async () => {
  attacker = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html' })
    res.end('<!doctype html><title>elsewhere</title><p>another local site</p>')
  })
  await new Promise<void>((done) => attacker.listen(0, '127.0.0.1', done))
  attackerOrigin = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}`
})
test.afterAll(() => new Promise<void>((done) => attacker.close(() => done())))

test('the launch token leaves the address bar for an HttpOnly cookie scripts cannot read', async ({ open, app }) => {
  const page = await open('/settings')
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible()
  expect(await page.evaluate(() => `${location.href} ${document.referrer} ${document.cookie}`)).not.toContain(app.host.token)
})

test('the page cannot call the service itself: its CSP allows connections to its own origin only', async ({ open, app }) => {
  const page = await open('/chains')
  await expect(page.getByRole('table', { name: 'Chains' })).toBeVisible()
  const violations = page.evaluate(
    () =>
      new Promise<string>((resolve) =>
        document.addEventListener('securitypolicyviolation', (e) => resolve(e.violatedDirective), { once: true }),
      ),
  )
  const direct = await page.evaluate(
    (url) =>
      fetch(`${url}/rpc/Svc/GetChains`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Access-Key': 'demo-key' }, body: '{}' }).then(
        () => 'reached the service',
        () => 'blocked',
      ),
    app.appCore.simulator.url,
  )
  expect(direct).toBe('blocked')
  expect(await violations).toBe('connect-src')
})

test('a page of another origin on this machine cannot drive the bridge', async ({ open, app }) => {
  // The tab holds the host's cookie, as a person's browser would.
  const tab = await open('/settings')
  await expect(tab.getByRole('heading', { name: 'Settings' })).toBeVisible()
  const evil = await tab.context().newPage()
  await evil.goto(attackerOrigin)
  const bridge = `${app.host.origin}/bridge/saveProfile`
  const body = JSON.stringify({ name: 'pwned', baseUrl: 'https://attacker.example' })
  const json = await evil.evaluate(
    async ({ bridge, body }) => {
      // A "simple" request goes out without asking (its answer is opaque to the page)…
      await fetch(bridge, { method: 'POST', mode: 'no-cors', credentials: 'include', body, headers: { 'Content-Type': 'text/plain' } }).catch(() => undefined)
      // …a JSON one needs a CORS preflight, which the host never grants.
      return fetch(bridge, { method: 'POST', credentials: 'include', body, headers: { 'Content-Type': 'application/json' } }).then(
        (r) => `answered ${r.status}`,
        () => 'blocked',
      )
    },
    { bridge, body },
  )
  expect(json).toBe('blocked')
  // A classic cross-site form post, with a body shaped to parse as JSON.
  await evil.setContent(
    `<form method="post" enctype="text/plain" action="${bridge}"><input name='{"name":"pwned","baseUrl":"https://attacker.example","x":"' value='"}'></form>`,
  )
  const answer = evil.waitForResponse(bridge)
  await evil.locator('form').evaluate((f: HTMLFormElement) => f.submit())
  expect([403, 415]).toContain((await answer).status())
  expect(app.appCore.core.appInfo().profiles.map((p) => p.name)).not.toContain('pwned')
  await evil.close()
})
