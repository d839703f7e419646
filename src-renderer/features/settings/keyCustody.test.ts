import { describe, expect, it } from 'vitest'
import { keyCustodyText } from './keyCustody'

describe('keyCustodyText', () => {
  it('says what is true of a stored key in each mode', () => {
    expect(keyCustodyText({ backend: 'gnome_libsecret', encrypted: true })).toMatch(/saved encrypted with the operating system's keyring \(gnome_libsecret\)/)
    const host = keyCustodyText({ backend: 'file', encrypted: false })
    expect(host).toMatch(/browser host saves them without encryption, in a file only your user account can read/)
    expect(host).not.toMatch(/saved encrypted/)
    expect(keyCustodyText({ backend: 'basic_text', encrypted: false })).toMatch(/no keyring the app can use \(basic_text\).*only after you choose that/)
  })
})
