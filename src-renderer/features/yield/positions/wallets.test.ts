import { describe, expect, it } from 'vitest'
import { ALL_NETWORKS, parseWalletLines, readWallets, toQueries, validateWallets, writeWallets } from './wallets'

const A = `0x${'ab'.repeat(20)}`
const B = `0x${'cd'.repeat(20)}`

describe('wallets', () => {
  it('round-trips through the URL, yield id optional', () => {
    const wallets = [
      { address: A, network: 'ethereum', yieldId: '' },
      { address: B, network: 'base', yieldId: 'base-usdc-x' },
    ]
    const params = writeWallets(new URLSearchParams('refresh=30'), wallets)
    expect(params.getAll('w')).toEqual([`${A},ethereum`, `${B},base,base-usdc-x`])
    expect(params.get('refresh')).toBe('30')
    expect(readWallets(params)).toEqual(wallets)
  })

  it('reads pasted lines and keeps the bad ones with why', () => {
    const { wallets, bad } = parseWalletLines(`# my wallets\n${A}, ethereum\n\n${B},base,y1\n${A}\n,polygon\n${A},base,y,extra`)
    expect(wallets).toEqual([
      { address: A, network: 'ethereum', yieldId: '' },
      { address: B, network: 'base', yieldId: 'y1' },
    ])
    expect(bad.map((b) => [b.line, b.message])).toEqual([
      [5, 'Enter the network (e.g. ethereum)'],
      [6, 'Enter the wallet address'],
      [7, 'Too many fields: use address,network[,yieldId]'],
    ])
  })

  it('asks for an address and a network on each row, and for at least one wallet', () => {
    const v = validateWallets([
      { address: A, network: '', yieldId: '' },
      { address: '', network: '', yieldId: '' },
      { address: ' ', network: 'base', yieldId: '' },
    ])
    expect(v.rows).toEqual([{ network: 'Enter the network (e.g. ethereum)' }, {}, { address: 'Enter the wallet address' }])
    expect(v.list).toBeUndefined()
    expect(validateWallets([{ address: '', network: '', yieldId: '' }]).list).toMatch(/at least one wallet/)
    expect(validateWallets(Array.from({ length: 501 }, () => ({ address: A, network: 'base', yieldId: '' }))).list).toMatch(/At most 500/)
  })

  it('accepts any network’s address format, but not a broken EVM address or one with spaces', () => {
    const rows = (address: string) => validateWallets([{ address, network: 'x', yieldId: '' }]).rows[0]
    for (const ok of [A, A.toUpperCase().replace('0X', '0x'), '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV', 'cosmos1qypqxpq9qcrsszg2pvxq6rs0zqg3yyc5lzv7xu'])
      expect(rows(ok)).toEqual({})
    expect(rows('0x12')).toEqual({ address: '“0x12” starts like an EVM address but is not 0x and 40 hex digits' })
    expect(rows(`${A}0`).address).toMatch(/^“0xababababab…” starts like an EVM address/)
    expect(rows('addr with space')).toEqual({ address: 'A wallet address has no spaces' })
  })

  it('refuses a look-alike address (a Cyrillic “с”, a base58 account with a Greek “Κ”, a zero-width space), naming the character', () => {
    const rows = (address: string) => validateWallets([{ address, network: 'x', yieldId: '' }]).rows[0]
    expect(rows(A.replace(/b$/, '\u0441')).address).toMatch(/“с” \(U\+0441\)/)
    expect(rows('7EcDhSYGxXyscszYEp35\u039aHN8vvw3svAuLKTzXwCFLtV').address).toMatch(/U\+039A/)
    expect(rows(`${A}\u200b`).address).toMatch(/U\+200B/)
  })

  it('sends trimmed queries, with a yield id only when given', () => {
    expect(toQueries([{ address: ` ${A} `, network: ' base ', yieldId: '' }])).toEqual([{ address: A, network: 'base' }])
    expect(toQueries([{ address: A, network: 'base', yieldId: 'y' }])).toEqual([{ address: A, network: 'base', yieldId: 'y' }])
  })

  it('matches a network whatever its case, and asks every network once for "all networks"', () => {
    const networks = ['base', 'ethereum', 'arbitrum']
    expect(toQueries([{ address: A, network: 'Base', yieldId: '' }], networks)).toEqual([{ address: A, network: 'base' }])
    const all = toQueries([{ address: A, network: ALL_NETWORKS, yieldId: '' }, { address: A, network: 'ETHEREUM', yieldId: '' }], networks)
    expect(all).toEqual(networks.map((network) => ({ address: A, network })))
  })
})
