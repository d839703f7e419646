import type { ChainInfo } from '@contract/service'
import type { Column } from '../../components/DataTable'
import { CopyButton } from '../../components/CopyButton'
import { ExternalLink } from '../../components/ExternalLink'
import { Logo } from '../../components/Logo'

const yesNo = (v: boolean | undefined) => (v === undefined ? <span className="muted" title="Not reported by the service">—</span> : v ? 'Yes' : 'No')

const explorerHost = (url: string): string => {
  try {
    return new URL(url).host
  } catch {
    return url
  }
}

/** Every ChainInfo field, whichever of the spec's two shapes the service answered with. */
export const CHAIN_COLUMNS: Column<ChainInfo>[] = [
  {
    id: 'name',
    header: 'Chain',
    sortValue: (c) => c.name.toLowerCase(),
    cell: (c) => (
      <span className="chain-name">
        <Logo name={c.name} uri={c.logoUri} />
        {c.name}
      </span>
    ),
  },
  {
    id: 'id',
    header: 'Chain id',
    align: 'right',
    sortValue: (c) => c.id,
    cell: (c) => (
      <span className="mono">
        {c.id}
        <CopyButton text={String(c.id)} />
      </span>
    ),
  },
  { id: 'currency', header: 'Native currency', sortValue: (c) => c.nativeCurrency.name.toLowerCase(), cell: (c) => c.nativeCurrency.name },
  { id: 'symbol', header: 'Symbol', sortValue: (c) => c.nativeCurrency.symbol, cell: (c) => c.nativeCurrency.symbol },
  { id: 'decimals', header: 'Decimals', align: 'right', sortValue: (c) => c.nativeCurrency.decimals, cell: (c) => c.nativeCurrency.decimals },
  {
    id: 'explorer',
    header: 'Block explorer',
    sortValue: (c) => c.blockExplorer?.name?.toLowerCase() ?? c.blockExplorer?.url,
    cell: (c) =>
      c.blockExplorer?.url ? (
        <ExternalLink href={c.blockExplorer.url}>{c.blockExplorer.name || explorerHost(c.blockExplorer.url)}</ExternalLink>
      ) : (
        <span className="muted" title="The service gave no explorer for this chain">—</span>
      ),
  },
  { id: 'testnet', header: 'Testnet', sortValue: (c) => (c.isTestnet === undefined ? undefined : c.isTestnet ? 1 : 0), cell: (c) => yesNo(c.isTestnet) },
  {
    id: 'bridging',
    header: 'Bridging',
    sortValue: (c) => (c.supportsBridging === undefined ? undefined : c.supportsBridging ? 1 : 0),
    cell: (c) => yesNo(c.supportsBridging),
  },
]
