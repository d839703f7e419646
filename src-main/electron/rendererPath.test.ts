import { posix, win32 } from 'node:path'
import { describe, expect, it } from 'vitest'
import { rendererFileFor } from './security'
import { rendererSegments, resolveRendererFile } from './rendererPath'

/** Paths an attacker might request, each of which must stay refused on every platform. */
const ESCAPES = [
  '/..%5c..%5csecret.txt',
  '/..%5C..%5Csecret.txt',
  '/assets%5c..%5c..%5csecret.txt',
  '/assets\\..\\..\\secret.txt',
  '/..\\secret.txt',
  '/..%2f..%2fsecret.txt',
  '/assets%2F..%2F..%2Fsecret',
  '/%2e%2e/secret.txt',
  '/../secret.txt',
  '/assets/../../secret.txt',
  '/C:%5cWindows%5cwin.ini',
  '/C:/Windows/win.ini',
  '/index.html%00.png',
  '//etc/passwd',
  '/%E0%A4%A',
]

describe('the renderer path resolver', () => {
  for (const [name, path, root] of [
    ['win32', win32, 'C:\\Program Files\\Intent Explorer\\renderer'],
    ['posix', posix, '/opt/intent-explorer/renderer'],
  ] as const) {
    it(`under path.${name}: serves files inside the folder`, () => {
      expect(resolveRendererFile(root, '/', path)).toBe(path.join(root, 'index.html'))
      expect(resolveRendererFile(root, '/assets/index-abc.js', path)).toBe(path.join(root, 'assets', 'index-abc.js'))
      expect(resolveRendererFile(root, '/assets/a%20b.svg', path)).toBe(path.join(root, 'assets', 'a b.svg'))
    })

    it(`under path.${name}: refuses backslashes, encoded separators and dot segments`, () => {
      for (const attempt of ESCAPES) expect(resolveRendererFile(root, attempt, path), attempt).toBeNull()
    })
  }

  it('app:// requests with encoded backslashes are refused before any file is looked at', () => {
    expect(rendererFileFor('app://renderer/..%5c..%5csecret.txt')).toBeNull()
    expect(rendererFileFor('app://renderer/assets%5C..%5C..%5Csecret')).toBeNull()
    expect(rendererFileFor('app://renderer/assets\\..\\..\\secret')).toBeNull()
    expect(rendererFileFor('app://renderer/assets/index-abc.js')).toBe('assets/index-abc.js')
    expect(rendererSegments('/')).toEqual(['index.html'])
  })
})
