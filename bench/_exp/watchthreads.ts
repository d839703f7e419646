import { readdirSync, readFileSync } from 'node:fs'
import { startTsProcess, waitForLine } from '../lib/processes'
const threads = (pid: number) => Object.fromEntries(readdirSync(`/proc/${pid}/task`).map((t) => { const s = readFileSync(`/proc/${pid}/task/${t}/stat`, 'utf8'); const f = s.slice(s.lastIndexOf(')') + 2).split(' '); return [`${t}:${s.slice(s.indexOf('(') + 1, s.lastIndexOf(')'))}`, (Number(f[11]) + Number(f[12])) * 10] }))
async function main() {
  const child = startTsProcess(process.env.SCRIPT ?? '/tmp/bx/app-process-256.ts', ['/tmp/bx/wt-' + Date.now()])
  require('node:fs').mkdirSync
  const [, launchUrl, sim] = await waitForLine(child.proc.stdout!, /ready (\S+) (\S+)/, 60000, 'app')
  const u = new URL(launchUrl); const token = u.searchParams.get('token')!; const origin = u.origin
  const bridge = async (m: string, body: unknown) => (await fetch(`${origin}/bridge/${m}`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` }, body: JSON.stringify(body) })).json()
  for (let i = 0; i < 200; i++) {
    const r = await (await fetch(`${sim}/__sim/createIntent`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"status":"EXECUTING"}' })).json() as any
    await bridge('watchIntent', { intentId: r.intentId })
  }
  await new Promise((r) => setTimeout(r, 25000))
  const a = threads(child.pid); const t0 = Date.now()
  await new Promise((r) => setTimeout(r, 40000))
  const b = threads(child.pid); const s = (Date.now() - t0) / 1000
  let total = 0
  for (const k of Object.keys(b)) { const d = b[k] - (a[k] ?? 0); total += d; if (d > 0) console.log(k.padEnd(30), (d / s / 10).toFixed(2), '%') }
  console.log('total', (total / s / 10).toFixed(2), '%')
  await child.stop()
}
void main()
