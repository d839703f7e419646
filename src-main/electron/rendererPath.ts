import type { PlatformPath } from 'node:path'
import { orElse } from '../../src-shared/contract/errors'

/**
 * The one mapping from a requested path (`app://renderer/<path>`, or the browser host's
 * URL path) to a file inside the built renderer. Windows reads `\` as a separator and a
 * URL may carry either separator percent-encoded past the URL parser's dot-segment
 * folding, so a path holding a backslash or an encoded separator is refused, as is any
 * segment that decodes empty, `.`, `..`, or with a drive colon or a control character;
 * the joined result must still lie inside the folder under the platform's rules.
 *
 * Windows also keeps device names in every folder (`CON`, `NUL`, `COM1`, `LPT¹`, `CONIN$`,
 * …, in any case, with an extension or trailing spaces): opening `…\NUL.js` opens the
 * device, which may block or read empty. A segment named so before its first dot is
 * refused, as is one ending in a dot or a space (dropped on open: a second path to a file).
 */

const ENCODED_SEPARATOR = /%(2f|5c|00)/i
// eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
const BAD_SEGMENT = /[\\/:\u0000-\u001f\u007f]/
const WIN32_DEVICE = /^(con|prn|aux|nul|conin\$|conout\$|(com|lpt)[0-9\u00b9\u00b2\u00b3])$/i

/** Whether Windows reads `segment` as a device (`NUL`, `com1.txt`, `Con .png`) or drops its trailing dot or space. */
export function isWin32Reserved(segment: string): boolean {
  if (/[. ]$/.test(segment)) return true
  return WIN32_DEVICE.test(segment.split('.')[0].trimEnd())
}

/** Decoded path segments, `['index.html']` for the root, or `null` to refuse. */
export function rendererSegments(pathname: string): string[] | null {
  if (pathname.includes('\\') || ENCODED_SEPARATOR.test(pathname)) return null
  if (pathname === '/' || pathname === '') return ['index.html']
  if (!pathname.startsWith('/')) return null
  const segments: string[] = []
  for (const raw of pathname.slice(1).split('/')) {
    const segment = orElse<string | null>(() => decodeURIComponent(raw), null)
    if (segment === null || segment === '' || segment === '.' || segment === '..' || BAD_SEGMENT.test(segment) || isWin32Reserved(segment)) return null
    segments.push(segment)
  }
  return segments
}

/** The absolute file for `pathname` under `root`, or `null`; `path` is the platform's (tests pass `path.win32`). */
export function resolveRendererFile(root: string, pathname: string, path: PlatformPath): string | null {
  const segments = rendererSegments(pathname)
  if (!segments) return null
  const base = path.resolve(root)
  const file = path.join(base, ...segments)
  const rel = path.relative(base, file)
  if (rel === '' || rel.startsWith('..') || path.isAbsolute(rel)) return null
  return file
}
