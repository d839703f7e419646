import { useEffect, useState } from 'react'
import { call } from '../lib/call'

/**
 * Logos come through the main process, which fetches each once (size- and type-checked)
 * and keeps it on disk; the page then loads it from its own origin. The page never loads
 * a service-named URL itself: its CSP allows images from its own origin only.
 * One request per URL for the page's life; `null` means "show the initials".
 */
const served = new Map<string, Promise<string | null>>()

export function servedLogo(uri: string): Promise<string | null> {
  let pending = served.get(uri)
  if (!pending) {
    pending = call('getLogo', { url: uri }).then(
      (r) => (r.ok ? r.value.src : null),
      () => null,
    )
    served.set(uri, pending)
  }
  return pending
}

function useServedLogo(uri: string | undefined): string | null {
  const [src, setSrc] = useState<{ uri: string; src: string | null } | null>(null)
  useEffect(() => {
    if (!uri) return
    let live = true
    void servedLogo(uri).then((s) => live && setSrc({ uri, src: s }))
    return () => {
      live = false
    }
  }, [uri])
  return src && src.uri === uri ? src.src : null
}

/**
 * A logo from the service (chain, market, token), or the name's initials when none was
 * given, while it is on its way, or when it cannot be loaded, so a missing logo never
 * leaves a broken image.
 */
export function Logo({ name, uri }: { name: string; uri?: string }) {
  const src = useServedLogo(uri)
  const [broken, setBroken] = useState<string>()
  if (!src || broken === src) {
    return (
      <span className="logo logo-placeholder" aria-hidden="true">
        {name.slice(0, 2).toUpperCase()}
      </span>
    )
  }
  return <img className="logo" src={src} alt="" onError={() => setBroken(src)} />
}
