import { shortHex } from '../lib/format'
import { useChainsById } from '../lib/displaySources'
import { explorerUrl } from '../lib/chains'
import { CopyButton } from './CopyButton'

/**
 * An address, hash or id: shortened on screen, whole on hover and copy, linked to the
 * chain's block explorer when the service told us one.
 */
export function Hex({
  value,
  kind,
  chainId,
  full = false,
}: {
  value: string | undefined
  kind?: 'address' | 'tx'
  chainId?: number
  full?: boolean
}) {
  const byId = useChainsById()
  if (!value) return <span className="muted">—</span>
  const href = kind ? explorerUrl(byId, chainId, kind, value) : undefined
  const text = full ? value : shortHex(value)
  return (
    <span className="hex mono" title={value}>
      {href ? (
        <a href={href} target="_blank" rel="noreferrer noopener" title={`Open in the block explorer: ${value}`}>
          {text}
        </a>
      ) : (
        text
      )}
      <CopyButton text={value} />
    </span>
  )
}
