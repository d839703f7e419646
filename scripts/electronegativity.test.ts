import { describe, expect, it } from 'vitest'
import { findingsFromSarif, globToRegExp, judge, type Finding } from './electronegativity'

describe('security scan allowlist', () => {
  it('matches globs the way the allowlist uses them', () => {
    expect(globToRegExp('src-main/electron/main.ts').test('src-main/electron/main.ts')).toBe(true)
    expect(globToRegExp('src-main/electron/main.ts').test('src-main/electron/main-ts')).toBe(false)
    expect(globToRegExp('src-main/**/*.ts').test('src-main/a/b/c.ts')).toBe(true)
    expect(globToRegExp('src-main/**/*.ts').test('src-main/c.ts')).toBe(true)
    expect(globToRegExp('src-main/*.ts').test('src-main/a/c.ts')).toBe(false)
    expect(globToRegExp('{src-main/x.ts,out/main/index.js}').test('out/main/index.js')).toBe(true)
    expect(globToRegExp('{src-main/x.ts,out/main/index.js}').test('out/main/index.jsx')).toBe(false)
  })

  it('reads findings from the SARIF report, global ones included', () => {
    const sarif = {
      runs: [
        {
          results: [
            { ruleId: 'SANDBOX_JS_CHECK', message: { text: 'Use sandbox' }, locations: [{ physicalLocation: { artifactLocation: { uri: 'src-main\\electron\\main.ts' }, region: { startLine: 28 } } }] },
            { ruleId: 'CSP_GLOBAL_CHECK', message: { text: 'No CSP' }, locations: [{ physicalLocation: { artifactLocation: { uri: 'file:///' }, region: { startLine: 1 } } }] },
          ],
        },
      ],
    }
    expect(findingsFromSarif(sarif)).toEqual([
      { rule: 'SANDBOX_JS_CHECK', file: 'src-main/electron/main.ts', line: 28, message: 'Use sandbox' },
      { rule: 'CSP_GLOBAL_CHECK', file: '', line: 1, message: 'No CSP' },
    ])
  })

  it('refuses findings no entry explains, and reports entries that explain nothing', () => {
    const finding = (rule: string, file: string): Finding => ({ rule, file, line: 1, message: '' })
    const entries = [
      { rule: 'SANDBOX_JS_CHECK', files: 'src-main/electron/main.ts', justification: 'x'.repeat(40) },
      { rule: 'OPEN_EXTERNAL_JS_CHECK', files: 'src-main/**', justification: 'x'.repeat(40) },
    ]
    const { refused, stale } = judge(
      [finding('SANDBOX_JS_CHECK', 'src-main/electron/main.ts'), finding('SANDBOX_JS_CHECK', 'src-main/electron/other.ts'), finding('CSP_GLOBAL_CHECK', '')],
      entries,
    )
    expect(refused.map((f) => `${f.rule} ${f.file}`)).toEqual(['SANDBOX_JS_CHECK src-main/electron/other.ts', 'CSP_GLOBAL_CHECK '])
    expect(stale).toEqual([entries[1]])
  })
})
