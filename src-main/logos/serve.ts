import { LOGO_TYPES, type LogoExt } from './store'

/** What serves stored logos: the file for a served name, or `undefined`. */
export interface LogoFiles {
  fileFor(name: string): string | undefined
}

/**
 * A logo is shown by `<img>`, where an SVG runs no script; opened on its own it would be
 * a document of the page's origin, so it is served sandboxed (an opaque origin) with
 * nothing allowed but its inline styles.
 */
export const LOGO_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox"

/** Every header a stored logo is served with, its sandboxing CSP among them. */
export function logoHeaders(name: string): Record<string, string> {
  const ext = name.slice(name.lastIndexOf('.') + 1) as LogoExt
  return {
    'Content-Security-Policy': LOGO_CSP,
    'Content-Type': LOGO_TYPES[ext] ?? 'application/octet-stream',
    'X-Content-Type-Options': 'nosniff',
    // Named by the digest of their URL: the same name is always the same logo.
    'Cache-Control': 'public, max-age=86400',
  }
}
