import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { FileKeyStore } from '../settings/keystore'
import { SIMULATOR_PROFILE_ID } from '../settings/profiles'
import { startAppCore } from './appCore'

/** `npm run host -- --service-name Orbit`: the embedded simulator speaks that form, and so does the built-in profile. */
it('the built-in Simulator profile speaks the wire form its embedded simulator serves', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'ie-dialect-'))
  const app = await startAppCore({
    runtime: 'host',
    version: 'test',
    dataDir,
    keyStore: FileKeyStore.open(join(dataDir, 'access-keys.json'), {}),
    simulator: { intents: 10, dialect: { serviceName: 'Orbit', bigInts: 'string' } },
  })
  try {
    expect(app.core.appInfo().profiles.find((p) => p.id === SIMULATOR_PROFILE_ID)?.dialect).toMatchObject({ serviceName: 'Orbit', bigInts: 'string' })
    const { chains } = await app.core.session(SIMULATOR_PROFILE_ID).client.getChains({})
    expect(chains.length).toBeGreaterThan(10)
  } finally {
    await app.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
})
