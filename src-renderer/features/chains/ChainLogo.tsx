import { useState } from 'react'

/** The chain's logo, or its initials when the service gave none or the image fails to load. */
export function ChainLogo({ name, uri }: { name: string; uri?: string }) {
  const [broken, setBroken] = useState(false)
  if (!uri || broken) {
    return (
      <span className="logo logo-placeholder" aria-hidden="true">
        {name.slice(0, 2).toUpperCase()}
      </span>
    )
  }
  return <img className="logo" src={uri} alt="" onError={() => setBroken(true)} />
}
