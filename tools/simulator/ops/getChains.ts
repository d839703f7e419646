/**
 * GetChains, optionally limited to the chains a route provider serves. The `spec`
 * shape sends the response-schema fields (nativeCurrency, blockExplorer objects); the
 * `payload` shape sends the prose field set (tokenName, tokenSymbol, tokenDecimals,
 * isTestnet, supportsBridging, blockExplorerUrl).
 */
import { CHAINS, chainLogoUri, type ChainDef } from '../chains'
import type { OpRequest, ResponseShape } from '../context'
import { PROVIDER_CODES, providerByCode, providerServes } from '../providers'

function chainInfo(c: ChainDef, shape: ResponseShape) {
  if (shape === 'spec') return { id: c.id, name: c.name, nativeCurrency: c.nativeCurrency, logoUri: chainLogoUri(c.id), blockExplorer: c.blockExplorer }
  return {
    id: c.id,
    name: c.name,
    tokenName: c.nativeCurrency.name,
    tokenSymbol: c.nativeCurrency.symbol,
    tokenDecimals: c.nativeCurrency.decimals,
    isTestnet: c.isTestnet,
    supportsBridging: c.supportsBridging,
    logoUri: chainLogoUri(c.id),
    blockExplorerUrl: c.blockExplorer.url,
  }
}

export function getChains({ ctx, args }: OpRequest) {
  const code = args.oneOf('routeProvider', PROVIDER_CODES)
  const provider = code === undefined ? undefined : providerByCode(code)
  const chains = provider ? CHAINS.filter((c) => providerServes(provider, c.id)) : CHAINS
  return { chains: chains.map((c) => chainInfo(c, ctx.shape)) }
}
