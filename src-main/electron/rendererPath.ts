import { posix, type PlatformPath } from 'node:path'

/**
 * The one mapping from a requested path (`app://renderer/<path>` in the desktop app, the
 * browser host's URL path) to a file inside the built renderer. Both the URL and the
 * file system have their own ideas of a separator: Windows reads `\` as one, and a URL
 * may carry either separator percent-encoded so that it survives the URL parser's own
 * dot-segment folding. So the path is refused outright if it holds a backslash or an
 * encoded separator, or if any segment, once decoded, is empty, `.`, `..`, or carries a
 * drive colon or a control character; only then is it joined, and the result must still
 * lie inside the folder under the platform's own rules.
 *
 * Windows also keeps device names in every folder: `CON`, `PRN`, `AUX`, `NUL`, `COM0`–`COM9`,
 * `LPT0`–`LPT9` (and the superscript digits ¹²³ Windows also accepts), `CONIN$` and `CONOUT$`,
 * in any case, and also with an extension or trailing spaces (`nul.txt`, `Con .png`, `com1.tar.gz`):
 * opening `…\renderer\NUL.js` opens the device, not a file, which
 * may block (`CON`, `COM1`) or read as empty. A segment whose name before its first dot
 * is one of these is refused, as is a segment ending in a dot or a space, which Windows
 * drops on open, so `index.html.` would name the same file under a second path.
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
    let segment: string
    try {
      segment = decodeURIComponent(raw)
    } catch {
      return null
    }
    if (segment === '' || segment === '.' || segment === '..' || BAD_SEGMENT.test(segment) || isWin32Reserved(segment)) return null
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

/** The relative path, with `/`, for a request inside the renderer; what `app://` serves. */
export function rendererRelativePath(pathname: string): string | null {
  const segments = rendererSegments(pathname)
  return segments && resolveRendererFile('/r', pathname, posix) ? segments.join('/') : null
}
