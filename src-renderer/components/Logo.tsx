import { useEffect, useState } from 'react'
import { useDisplaySources } from '../lib/displaySources'
import { safeHttpUrl } from '../lib/safeUrl'

/** The logo's page-local URL once served (see `DisplaySources.servedLogo`), null until then or without one. */
function useServedLogo(uri: string | undefined): string | null {
  const { servedLogo } = useDisplaySources()
  const [src, setSrc] = useState<{ uri: string; src: string | null } | null>(null)
  useEffect(() => {
    if (!uri) return
    let live = true
    void servedLogo(uri).then((s) => live && setSrc({ uri, src: s }))
    return () => {
      live = false
    }
  }, [uri, servedLogo])
  return src && src.uri === uri ? src.src : null
}

/**
 * A logo from the service (chain, market, token), or the name's initials when none was
 * given, while it is on its way, or when it cannot be loaded, so a missing logo never
 * leaves a broken image.
 */
export function Logo({ name, uri }: { name: string; uri?: string }) {
  // Only an http(s) logo is asked for; anything else shows the initials.
  const src = useServedLogo(safeHttpUrl(uri))
  const [broken, setBroken] = useState<string>()
  if (!src || broken === src) {
    return (
      <span className="logo logo-placeholder" aria-hidden="true">
        {String(name ?? '').slice(0, 2).toUpperCase()}
      </span>
    )
  }
  return <img className="logo" src={src} alt="" onError={() => setBroken(src)} />
}
