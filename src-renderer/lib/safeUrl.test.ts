import { describe, expect, it } from 'vitest'
import { safeHttpUrl } from './safeUrl'

describe('safeHttpUrl', () => {
  it('keeps http and https URLs as given', () => {
    expect(safeHttpUrl('https://etherscan.io')).toBe('https://etherscan.io')
    expect(safeHttpUrl('http://127.0.0.1:8545/tx/0x1')).toBe('http://127.0.0.1:8545/tx/0x1')
  })

  it('refuses every other scheme, junk and nothing', () => {
    for (const url of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'vscode://file/etc/passwd',
      'file:///etc/passwd',
      'data:text/html,<script>alert(1)</script>',
      'blob:https://a.test/1',
      'ftp://a.test',
      'not a url',
      '',
      undefined,
    ])
      expect(safeHttpUrl(url), String(url)).toBeUndefined()
  })

  it('refuses a URL with a user name or password, which reads as one host and goes to another', () => {
    expect(safeHttpUrl('https://etherscan.io@evil.test/')).toBeUndefined()
    expect(safeHttpUrl('https://user:pass@etherscan.io/')).toBeUndefined()
  })
})
