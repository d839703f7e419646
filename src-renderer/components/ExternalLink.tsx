import type { ReactNode } from 'react'
import { safeHttpUrl } from '../lib/safeUrl'

/**
 * A link from service data to the outside web. It opens outside the app (a new window,
 * which the desktop shell hands to the system browser); a URL that is not http(s) is
 * shown as text, never made clickable (`lib/safeUrl.ts`).
 */
export function ExternalLink({ href, children }: { href: string | undefined; children?: ReactNode }) {
  if (!href) return <span className="muted">—</span>
  const safe = safeHttpUrl(href)
  if (!safe) return <span className="mono" title="Not an http(s) link">{href}</span>
  return (
    <a href={safe} target="_blank" rel="noreferrer noopener" title={safe}>
      {children ?? href}
    </a>
  )
}
