import { describe, expect, it } from 'vitest'
import type { ProfileView } from '@contract/app'
import { planImport, profilesFileText, readProfilesFile, type FileProfile } from './profileFile'

const PROD: ProfileView = {
  id: 'prod-1234',
  name: 'Production',
  baseUrl: 'https://svc.example',
  builtIn: false,
  hasKey: true,
  dialect: { serviceName: 'Acme', renames: [{ neutral: 'priceFeedId', wire: 'acmeFeedId' }], bigInts: 'string' },
}
const LAB: ProfileView = { id: 'lab-5678', name: 'Lab', baseUrl: 'http://10.0.0.5:8080', builtIn: false, hasKey: true }

const file = (profiles: unknown[]) => JSON.stringify({ format: 'intent-explorer-profiles', version: 1, profiles })

describe('profiles file', () => {
  it('writes name, URL, wire form and accepted plain http, and nothing of the key or the id', () => {
    const text = profilesFileText([PROD, LAB], new Date('2026-11-26T10:00:00Z'))
    const json = JSON.parse(text)
    expect(json).toEqual({
      format: 'intent-explorer-profiles',
      version: 1,
      exportedAt: '2026-11-26T10:00:00.000Z',
      profiles: [
        { name: 'Production', baseUrl: 'https://svc.example', dialect: PROD.dialect },
        { name: 'Lab', baseUrl: 'http://10.0.0.5:8080', dialect: { serviceName: 'Svc', renames: [], bigInts: 'number' }, allowInsecureHttp: true },
      ],
    })
    expect(text).not.toMatch(/key|prod-1234|lab-5678/i)
  })

  it('reads back what it wrote', () => {
    const read = readProfilesFile(profilesFileText([PROD]))
    expect(read).toEqual({ ok: true, profiles: [{ name: 'Production', baseUrl: 'https://svc.example', dialect: PROD.dialect }] })
  })

  it('names every problem of a bad file, and refuses a file that carries a key', () => {
    expect(readProfilesFile('{"format": "intent-explorer-prof')).toMatchObject({ ok: false, problems: [expect.stringMatching(/^This is not a JSON file/)] })
    expect(readProfilesFile(JSON.stringify({ format: 'intent-explorer-cache', version: 1, profiles: [] }))).toEqual({
      ok: false,
      problems: ['format: Not a profiles file: "format" must be "intent-explorer-profiles"', 'profiles: The file holds no profiles'],
    })
    const bad = readProfilesFile(
      file([
        { name: 'A', baseUrl: 'https://a.example', accessKey: 'secret' },
        { name: '', baseUrl: 'ftp://b.example' },
        { name: 'C', baseUrl: 'https://c.example', dialect: { serviceName: '9lives' } },
      ]),
    )
    expect(bad).toEqual({
      ok: false,
      problems: [
        'profiles[0]: unexpected field "accessKey"',
        'profiles[1].name: Give the profile a name',
        'profiles[1].baseUrl: Use an http:// or https:// URL without a user name or password',
        'profiles[2].dialect.serviceName: Use the RPC service name: letters and digits, starting with a letter (e.g. Svc)',
      ],
    })
  })
})

describe('planning an import', () => {
  const incoming = (over: Partial<FileProfile>): FileProfile => ({ name: 'Production', baseUrl: 'https://svc.example', dialect: PROD.dialect, ...over })

  it('adds new profiles, skips one already here, and renames rather than overwrite', () => {
    const existing = [PROD, { ...LAB, name: 'Staging (imported)' }]
    const steps = planImport(
      [
        incoming({}),
        incoming({ baseUrl: 'https://other.example' }),
        incoming({ dialect: undefined }),
        incoming({ name: 'Staging', baseUrl: 'https://staging.example' }),
        incoming({ name: 'staging', baseUrl: 'https://staging2.example' }),
        incoming({ name: 'Lab', baseUrl: 'http://10.0.0.5:8080' }),
      ],
      existing,
    )
    expect(steps.map((s) => [s.action, s.name, s.insecure])).toEqual([
      ['skip', 'Production', false],
      ['rename', 'Production (imported)', false],
      ['rename', 'Production (imported 2)', false],
      ['add', 'Staging', false],
      ['rename', 'staging (imported 2)', false],
      ['add', 'Lab', true],
    ])
    expect(steps[1].note).toBe('a different profile is named “Production”')
  })
})
