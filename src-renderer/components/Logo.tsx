import { useState } from 'react'

/**
 * A logo from the service (chain, market, token), or the name's initials when none was
 * given or the image cannot be loaded, so a missing logo never leaves a broken image.
 */
export function Logo({ name, uri }: { name: string; uri?: string }) {
  const [broken, setBroken] = useState<string>()
  if (!uri || broken === uri) {
    return (
      <span className="logo logo-placeholder" aria-hidden="true">
        {name.slice(0, 2).toUpperCase()}
      </span>
    )
  }
  return <img className="logo" src={uri} alt="" onError={() => setBroken(uri)} />
}
