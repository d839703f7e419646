import { posix } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  RENDERER_CSP,
  externalUrlToOpen,
  hardenedWebPreferences,
  isAllowedNavigation,
  isTrustedSenderUrl,
  rendererFileFor,
} from './security'

describe('window hardening', () => {
  it('isolates, sandboxes and keeps Node out of the renderer', () => {
    expect(hardenedWebPreferences('/p.cjs')).toMatchObject({
      preload: '/p.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    })
  })

  it('lets the page connect only to its own origin and run only its own scripts and workers', () => {
    const directives = Object.fromEntries(RENDERER_CSP.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]))
    expect(directives['connect-src']).toEqual(["'self'"])
    expect(directives['script-src']).toEqual(["'self'"])
    expect(directives['worker-src']).toEqual(["'self'"])
    expect(directives['default-src']).toEqual(["'self'"])
    expect(directives['object-src']).toEqual(["'none'"])
  })
})

describe('links and navigation', () => {
  it('opens only well-formed https links externally', () => {
    expect(externalUrlToOpen('https://etherscan.io/tx/0xabc')).toBe('https://etherscan.io/tx/0xabc')
    for (const bad of ['http://example.com', 'file:///etc/passwd', 'javascript:alert(1)', 'https://u:p@x.com', 'not a url', 'smb://host/share'])
      expect(externalUrlToOpen(bad)).toBeNull()
  })

  it('trusts only frames of the app scheme', () => {
    expect(isTrustedSenderUrl('app://renderer/index.html#/chains')).toBe(true)
    expect(isTrustedSenderUrl('https://renderer/index.html')).toBe(false)
    expect(isTrustedSenderUrl('app://evil/index.html')).toBe(false)
    expect(isTrustedSenderUrl(undefined)).toBe(false)
  })

  it('allows hash routing and refuses leaving the page', () => {
    expect(isAllowedNavigation('app://renderer/index.html#/a', 'app://renderer/index.html#/b')).toBe(true)
    expect(isAllowedNavigation('app://renderer/index.html', 'https://example.com/')).toBe(false)
    expect(isAllowedNavigation('app://renderer/index.html', 'app://renderer/other.html')).toBe(false)
  })

  it('serves only files inside the renderer folder', () => {
    expect(rendererFileFor('app://renderer/', '/r', posix)).toBe('/r/index.html')
    expect(rendererFileFor('app://renderer/assets/index-abc.js', '/r', posix)).toBe('/r/assets/index-abc.js')
    // The URL parser folds dot segments away, so this stays inside the folder…
    expect(rendererFileFor('app://renderer/%2e%2e/%2e%2e/etc/passwd', '/r', posix)).toBe('/r/etc/passwd')
    // …and dot segments smuggled in with encoded slashes are refused.
    expect(rendererFileFor('app://renderer/..%2F..%2Fetc/passwd', '/r', posix)).toBeNull()
    expect(rendererFileFor('app://renderer/assets%2F..%2F..%2Fsecret', '/r', posix)).toBeNull()
    expect(rendererFileFor('app://other/index.html', '/r', posix)).toBeNull()
  })
})
