import { describe, expect, it } from 'vitest'
import { nameSkeleton, namesLookAlike, profileNameProblem } from './profileName'

describe('profile names', () => {
  it('refuses text-direction, invisible and control characters, naming the code point', () => {
    for (const [name, code] of [
      ['Production\u202e', '202E'],
      ['Prod\u200buction', '200B'],
      ['\u2067Production', '2067'],
      ['Pro\u200cduction', '200C'],
      ['Pro\u2060duction', '2060'],
      ['Pro\ufeffduction', 'FEFF'],
      ['Pro\u00adduction', '00AD'],
      ['Pro\u180eductio n', '180E'],
      ['Pro\u061cduction', '061C'],
      ['Prod\u0007uction', '0007'],
      ['Production\udb40\udc41', 'E0041'],
    ])
      expect(profileNameProblem(name), JSON.stringify(name)).toContain(`U+${code}`)
    for (const name of ['Production', 'Staging (EU)', 'Prüfung', 'Производство', '生产', 'שירות'])
      expect(profileNameProblem(name), name).toBeUndefined()
  })

  it('gives look-alikes one skeleton: Greek and Cyrillic letters, fullwidth, accents, case, digits for letters', () => {
    for (const name of ['\u03a1roduction', 'Pr\u043edu\u0441tion', '\u0420r\u043eduction', '\uff30\uff52oduction', 'PRODUCTION', 'Pr0duction', 'Producti\u00f3n', 'Production  '])
      expect(namesLookAlike(name, 'Production'), JSON.stringify(name)).toBe(true)
    expect(nameSkeleton('Modern')).toBe(nameSkeleton('Modem'))
    expect(nameSkeleton('Staging')).not.toBe(nameSkeleton('Production'))
    expect(namesLookAlike('Lab 1', 'Lab 2')).toBe(false)
  })
})
