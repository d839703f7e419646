import { describe, expect, it } from 'vitest'
import { HISTORY_LIMIT_DEFAULT, parseCommand, parseTimeArg } from './args'
import { UsageError } from '../service/wireFlags'

describe('parseCommand', () => {
  it('reads lookup with a profile and --json', () => {
    expect(parseCommand(['lookup', '0xabc', '--json', '--profile', 'Production'])).toEqual({
      command: 'lookup',
      key: '0xabc',
      json: true,
      target: { kind: 'profile', name: 'Production' },
      dataDir: undefined,
    })
  })

  it('checks what it sends with the contract schema the bridge uses (the client does not parse again)', () => {
    // A Cyrillic "с" that looks like a Latin "c".
    expect(() => parseCommand(['watch', '0x\u0441afe'])).toThrow(UsageError)
    expect(() => parseCommand(['watch', '0x\u0441afe'])).toThrow(/^watch needs an intent id: /)
    expect(() => parseCommand(['history', '--owner', '0x\u0441afe'])).toThrow(/^--owner: /)
    expect(parseCommand(['watch', '0x' + 'ab'.repeat(32)])).toMatchObject({ command: 'watch', intentId: '0x' + 'ab'.repeat(32) })
  })

  it('reads history with repeated statuses, times and a format', () => {
    const cmd = parseCommand(['history', '--owner', '0xOwner', '--status', 'failed', '--status', 'ABORTED', '--from', '2026-11-20', '--to', '1795255200', '--csv', '--base-url', 'http://127.0.0.1:8787'])
    expect(cmd).toMatchObject({
      command: 'history',
      owner: '0xOwner',
      statuses: ['FAILED', 'ABORTED'],
      from: 1795132800,
      to: 1795255200,
      format: 'csv',
      limit: HISTORY_LIMIT_DEFAULT,
      target: { kind: 'url', baseUrl: 'http://127.0.0.1:8787', dialect: { serviceName: 'Svc', renames: [], bigInts: 'number' } },
    })
  })

  it('reads the wire options with --base-url, as the doctor does (a named service defaults to string big integers)', () => {
    const cmd = parseCommand(['lookup', '0xabc', '--base-url', 'http://127.0.0.1:8787', '--service-name', 'Orbit', '--rename', 'priceFeedId=oracleFeedId'])
    expect(cmd).toMatchObject({
      target: { kind: 'url', dialect: { serviceName: 'Orbit', renames: [{ neutral: 'priceFeedId', wire: 'oracleFeedId' }], bigInts: 'string' } },
    })
    expect(parseCommand(['history', '--base-url', 'http://x', '--service-name', 'Orbit', '--big-ints', 'number'])).toMatchObject({
      target: { dialect: { bigInts: 'number' } },
    })
  })

  it('refuses an access key on the command line, in any spelling, and says where it goes instead', () => {
    for (const argv of [['lookup', 'x', '--access-key', 's3cret'], ['lookup', 'x', '--key=s3cret'], ['history', '--accessKey', 'k'], ['watch', 'x', '--token', 't']]) {
      expect(() => parseCommand(argv)).toThrow(/never taken on the command line.*INTENT_EXPLORER_ACCESS_KEY/)
    }
  })

  it('says what is wrong with bad input', () => {
    const bad: Array<[string[], RegExp]> = [
      [['frobnicate'], /Unknown command “frobnicate”/],
      [['lookup'], /lookup needs a key/],
      [['watch', 'a', 'b'], /takes one key/],
      [['history', '--status', 'DONE'], /--status must be one of QUOTED/],
      [['history', '--from', 'yesterday'], /--from must be an ISO date/],
      [['history', '--from', '2026-11-21', '--to', '2026-11-20'], /--from is after --to/],
      [['history', '--csv', '--json'], /--csv or --json, not both/],
      [['history', '--limit', '0'], /--limit must be a whole number/],
      [['lookup', 'x', '--profile', 'a', '--base-url', 'http://x'], /not both/],
      [['lookup', 'x', '--base-url', 'ftp://x'], /http:\/\/ or https:\/\//],
      [['lookup', 'x', '--base-url', 'not a url'], /--base-url: Use an http:\/\/ or https:\/\/ URL/],
      [['lookup', 'x', '--status', 'FAILED'], /lookup does not take --status/],
      [['lookup', 'x', '--bogus'], /Unknown option '--bogus'/],
      [['lookup', 'x', '--service-name', 'Orbit'], /go with --base-url/],
      [['lookup', 'x', '--base-url', 'http://x', '--rename', 'oops'], /--rename must be neutral=wire/],
      [['lookup', 'x', '--base-url', 'http://x', '--big-ints', 'hex'], /--big-ints/],
      [['lookup', 'x', '--base-url', 'http://x', '--service-name', '9bad'], /--service-name/],
    ]
    for (const [argv, message] of bad) {
      expect(() => parseCommand(argv), argv.join(' ')).toThrow(UsageError)
      expect(() => parseCommand(argv), argv.join(' ')).toThrow(message)
    }
  })

  it('shows help for no command or --help', () => {
    expect(parseCommand([])).toEqual({ command: 'help' })
    expect(parseCommand(['history', '--help'])).toEqual({ command: 'help' })
  })
})

describe('parseTimeArg', () => {
  it('takes ISO dates, date-times and unix seconds', () => {
    expect(parseTimeArg('2026-11-20T10:00:00Z', 'from')).toBe(1795168800)
    expect(parseTimeArg('1795168800', 'from')).toBe(1795168800)
  })
})
