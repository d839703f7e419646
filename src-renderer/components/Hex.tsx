import { shortHex } from '../lib/format'
import { useChainsById } from '../lib/displaySources'
import { explorerUrl } from '../lib/chains'
import { plainTokenProblem } from '@contract/formats'
import { CopyButton } from './CopyButton'

/**
 * An address, hash or id: shortened on screen, whole on hover and copy, linked to the
 * chain's block explorer when the service told us one. A value that is not plain ASCII
 * (a look-alike kept from before such values were refused) is flagged and never linked.
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
  const suspect = plainTokenProblem(value)
  const href = kind && !suspect ? explorerUrl(byId, chainId, kind, value) : undefined
  const text = full ? value : shortHex(value)
  return (
    <span className="hex mono" title={value}>
      {suspect ? (
        <span className="tone-warn" role="img" aria-label={`Look-alike: this value ${suspect}`} title={`This value ${suspect}`}>
          ⚠{' '}
        </span>
      ) : null}
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
