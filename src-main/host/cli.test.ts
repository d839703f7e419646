import { spawnSync } from 'node:child_process'
import { createServer, type AddressInfo } from 'node:net'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, it } from 'vitest'

/**
 * A second `npm start` (or `npm run host`) while one holds the port: a plain message
 * saying what to do, no stack trace, and nothing started.
 */
it('says plainly what to do when its port is taken', async () => {
  const holder = createServer()
  await new Promise<void>((done) => holder.listen(0, '127.0.0.1', done))
  const port = (holder.address() as AddressInfo).port
  const dataDir = mkdtempSync(join(tmpdir(), 'ie-cli-'))
  writeFileSync(join(dataDir, 'index.html'), '<!doctype html>')
  try {
    const run = spawnSync('npx', ['tsx', 'src-main/host/cli.ts', '--port', String(port), '--data-dir', dataDir, '--renderer-dir', dataDir, '--sim-intents', '10'], {
      encoding: 'utf8',
      timeout: 60_000,
    })
    expect(run.status).toBe(1)
    expect(run.stderr).toContain(`Port ${port} is already in use`)
    expect(run.stderr).toMatch(/open the link it printed/)
    expect(run.stderr).toContain(`--port ${port + 1}`)
    expect(run.stderr).not.toMatch(/^\s+at /m)
    expect(run.stdout).not.toMatch(/running/)
  } finally {
    holder.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}, 90_000)

/** The host takes the same wire options as the doctor and the CLI, checked by the same parser. */
it('refuses a malformed wire option, naming it, before anything starts', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'ie-cli-'))
  writeFileSync(join(dataDir, 'index.html'), '<!doctype html>')
  try {
    const run = spawnSync('npx', ['tsx', 'src-main/host/cli.ts', '--port', '0', '--data-dir', dataDir, '--renderer-dir', dataDir, '--rename', 'priceFeedId'], {
      encoding: 'utf8',
      timeout: 60_000,
    })
    expect(run.status).toBe(2)
    expect(run.stderr).toMatch(/--rename must be neutral=wire/)
    expect(run.stderr).toMatch(/--service-name NAME/)
    expect(run.stdout).not.toMatch(/running/)
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
})
