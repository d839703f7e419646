import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { electronNodeMajor } from './mainRuntime'

describe('electronNodeMajor', () => {
  it("reads the Node major from the installed electron package's @types/node", () => {
    const pkg = JSON.parse(readFileSync('node_modules/electron/package.json', 'utf8')) as { dependencies: Record<string, string> }
    const major = electronNodeMajor()
    expect(Number.isInteger(major)).toBe(true)
    expect(pkg.dependencies['@types/node']).toMatch(new RegExp(`^\\D*${major}\\.`))
  })
})
