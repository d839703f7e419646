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

/** Windows device names: in any folder, any case, with any extension or trailing spaces, they open the device. */
const DEVICES = [
  '/CON',
  '/NUL',
  '/nul',
  '/con.html',
  '/Con.tar.gz',
  '/assets/COM1',
  '/assets/com9.js',
  '/LPT1',
  '/lpt3.png',
  '/aux.svg',
  '/PRN',
  '/CONIN$',
  '/conout$.txt',
  '/COM%C2%B9',
  '/NUL%20.js',
  '/Con%20%20',
  '/index.html.',
  '/index.html%20',
  '/assets./index-abc.js',
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

    it(`under path.${name}: refuses Windows device names and names Windows would trim`, () => {
      for (const attempt of DEVICES) expect(resolveRendererFile(root, attempt, path), attempt).toBeNull()
      // Names that only start like a device are ordinary files.
      for (const ok of ['/console.js', '/nullable.css', '/com10.js', '/lpt.png', '/assets/aux-icons.svg', '/connect.html'])
        expect(resolveRendererFile(root, ok, path), ok).not.toBeNull()
    })
  }

  it('app:// requests with encoded backslashes are refused before any file is looked at', () => {
    expect(rendererFileFor('app://renderer/..%5c..%5csecret.txt', '/r', posix)).toBeNull()
    expect(rendererFileFor('app://renderer/assets%5C..%5C..%5Csecret', '/r', posix)).toBeNull()
    expect(rendererFileFor('app://renderer/assets\\..\\..\\secret', '/r', posix)).toBeNull()
    expect(rendererFileFor('app://renderer/assets/index-abc.js', '/r', posix)).toBe('/r/assets/index-abc.js')
    expect(rendererFileFor('app://renderer/CON', '/r', posix)).toBeNull()
    expect(rendererFileFor('app://renderer/assets/nul.js', '/r', posix)).toBeNull()
    expect(rendererSegments('/')).toEqual(['index.html'])
  })
})
