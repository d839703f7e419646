/**
 * The networks the simulated service supports: real chain ids, names, native currencies
 * and block explorers, so the client's formatting and links can be checked by eye.
 */

export interface ChainDef {
  id: number
  name: string
  /** Network identifier used by the yield operations (`network` fields). */
  network: string
  nativeCurrency: { name: string; symbol: string; decimals: number }
  blockExplorer: { name: string; url: string }
  isTestnet: boolean
  supportsBridging: boolean
  /** Relative share of generated intents touching this chain. */
  weight: number
}

const eth = { name: 'Ether', symbol: 'ETH', decimals: 18 }
const sepoliaEth = { name: 'Sepolia Ether', symbol: 'ETH', decimals: 18 }

export const CHAINS: readonly ChainDef[] = [
  { id: 1, name: 'Ethereum', network: 'ethereum', nativeCurrency: eth, blockExplorer: { name: 'Etherscan', url: 'https://etherscan.io' }, isTestnet: false, supportsBridging: true, weight: 20 },
  { id: 10, name: 'OP Mainnet', network: 'optimism', nativeCurrency: eth, blockExplorer: { name: 'Optimistic Etherscan', url: 'https://optimistic.etherscan.io' }, isTestnet: false, supportsBridging: true, weight: 8 },
  { id: 56, name: 'BNB Smart Chain', network: 'binance', nativeCurrency: { name: 'BNB', symbol: 'BNB', decimals: 18 }, blockExplorer: { name: 'BscScan', url: 'https://bscscan.com' }, isTestnet: false, supportsBridging: true, weight: 6 },
  { id: 100, name: 'Gnosis', network: 'gnosis', nativeCurrency: { name: 'xDAI', symbol: 'XDAI', decimals: 18 }, blockExplorer: { name: 'Gnosisscan', url: 'https://gnosisscan.io' }, isTestnet: false, supportsBridging: true, weight: 2 },
  { id: 137, name: 'Polygon', network: 'polygon', nativeCurrency: { name: 'POL', symbol: 'POL', decimals: 18 }, blockExplorer: { name: 'PolygonScan', url: 'https://polygonscan.com' }, isTestnet: false, supportsBridging: true, weight: 8 },
  { id: 146, name: 'Sonic', network: 'sonic', nativeCurrency: { name: 'Sonic', symbol: 'S', decimals: 18 }, blockExplorer: { name: 'SonicScan', url: 'https://sonicscan.org' }, isTestnet: false, supportsBridging: true, weight: 2 },
  { id: 324, name: 'ZKsync Era', network: 'zksync', nativeCurrency: eth, blockExplorer: { name: 'ZKsync Explorer', url: 'https://explorer.zksync.io' }, isTestnet: false, supportsBridging: true, weight: 2 },
  { id: 5000, name: 'Mantle', network: 'mantle', nativeCurrency: { name: 'Mantle', symbol: 'MNT', decimals: 18 }, blockExplorer: { name: 'Mantlescan', url: 'https://mantlescan.xyz' }, isTestnet: false, supportsBridging: false, weight: 1 },
  { id: 8453, name: 'Base', network: 'base', nativeCurrency: eth, blockExplorer: { name: 'BaseScan', url: 'https://basescan.org' }, isTestnet: false, supportsBridging: true, weight: 18 },
  { id: 42161, name: 'Arbitrum One', network: 'arbitrum', nativeCurrency: eth, blockExplorer: { name: 'Arbiscan', url: 'https://arbiscan.io' }, isTestnet: false, supportsBridging: true, weight: 14 },
  { id: 42220, name: 'Celo', network: 'celo', nativeCurrency: { name: 'Celo', symbol: 'CELO', decimals: 18 }, blockExplorer: { name: 'Celoscan', url: 'https://celoscan.io' }, isTestnet: false, supportsBridging: false, weight: 1 },
  { id: 43114, name: 'Avalanche C-Chain', network: 'avalanche-c', nativeCurrency: { name: 'Avalanche', symbol: 'AVAX', decimals: 18 }, blockExplorer: { name: 'SnowTrace', url: 'https://snowtrace.io' }, isTestnet: false, supportsBridging: true, weight: 4 },
  { id: 59144, name: 'Linea', network: 'linea', nativeCurrency: eth, blockExplorer: { name: 'LineaScan', url: 'https://lineascan.build' }, isTestnet: false, supportsBridging: true, weight: 3 },
  { id: 81457, name: 'Blast', network: 'blast', nativeCurrency: eth, blockExplorer: { name: 'Blastscan', url: 'https://blastscan.io' }, isTestnet: false, supportsBridging: true, weight: 1 },
  { id: 534352, name: 'Scroll', network: 'scroll', nativeCurrency: eth, blockExplorer: { name: 'Scrollscan', url: 'https://scrollscan.com' }, isTestnet: false, supportsBridging: true, weight: 2 },
  { id: 11155111, name: 'Sepolia', network: 'ethereum-sepolia', nativeCurrency: sepoliaEth, blockExplorer: { name: 'Etherscan', url: 'https://sepolia.etherscan.io' }, isTestnet: true, supportsBridging: true, weight: 4 },
  { id: 84532, name: 'Base Sepolia', network: 'base-sepolia', nativeCurrency: sepoliaEth, blockExplorer: { name: 'BaseScan', url: 'https://sepolia.basescan.org' }, isTestnet: true, supportsBridging: true, weight: 4 },
  { id: 421614, name: 'Arbitrum Sepolia', network: 'arbitrum-sepolia', nativeCurrency: sepoliaEth, blockExplorer: { name: 'Arbiscan', url: 'https://sepolia.arbiscan.io' }, isTestnet: true, supportsBridging: true, weight: 3 },
  { id: 11155420, name: 'OP Sepolia', network: 'optimism-sepolia', nativeCurrency: sepoliaEth, blockExplorer: { name: 'Optimistic Etherscan', url: 'https://sepolia-optimism.etherscan.io' }, isTestnet: true, supportsBridging: true, weight: 2 },
  { id: 80002, name: 'Polygon Amoy', network: 'polygon-amoy', nativeCurrency: { name: 'POL', symbol: 'POL', decimals: 18 }, blockExplorer: { name: 'PolygonScan', url: 'https://amoy.polygonscan.com' }, isTestnet: true, supportsBridging: true, weight: 1 },
  { id: 43113, name: 'Avalanche Fuji', network: 'avalanche-fuji', nativeCurrency: { name: 'Avalanche', symbol: 'AVAX', decimals: 18 }, blockExplorer: { name: 'SnowTrace', url: 'https://testnet.snowtrace.io' }, isTestnet: true, supportsBridging: true, weight: 1 },
]

const CHAIN_BY_ID = new Map(CHAINS.map((c) => [c.id, c]))
const CHAIN_BY_NETWORK = new Map(CHAINS.map((c) => [c.network, c]))

export const chainById = (id: number): ChainDef | undefined => CHAIN_BY_ID.get(id)
export const chainByNetwork = (network: string): ChainDef | undefined => CHAIN_BY_NETWORK.get(network)

export const chainLogoUri = (id: number): string => `https://assets.example.com/chains/${id}.svg`

/**
 * The non-EVM network of edge legs. `SOLANA_CHAIN_ID` is the pseudo chain id bridges use
 * for it; it never appears in GetChains.
 */
export const EDGE_RAIL = 'SOLANA'
export const SOLANA_CHAIN_ID = 792703809
export const EDGE_MODES = ['ORIGIN', 'DESTINATION'] as const
export type EdgeMode = (typeof EDGE_MODES)[number]
