import { z } from 'zod'
import { bool, chainId, decimals, formatPath, opt, text } from './primitives'

const NativeCurrencySchema = z.object({ name: text, symbol: text, decimals })

/**
 * The spec shows ChainInfo twice: the response shape (`nativeCurrency`, `blockExplorer`)
 * and the prose (`tokenName`/`tokenSymbol`/`tokenDecimals`, `blockExplorerUrl`,
 * `isTestnet`, `supportsBridging`). Either, or a mix, is accepted and folded into one
 * shape; where both forms give a value, the response-shape field wins.
 */
const ChainInfoWireSchema = z.object({
  id: chainId,
  name: text,
  nativeCurrency: opt(z.object({ name: opt(text), symbol: opt(text), decimals: opt(decimals) })),
  logoUri: opt(text),
  blockExplorer: opt(z.object({ name: opt(text), url: opt(text) })),
  tokenName: opt(text),
  tokenSymbol: opt(text),
  tokenDecimals: opt(decimals),
  isTestnet: opt(bool),
  supportsBridging: opt(bool),
  blockExplorerUrl: opt(text),
})

export const ChainInfoSchema = ChainInfoWireSchema.transform((w, ctx) => {
  const native = {
    name: w.nativeCurrency?.name ?? w.tokenName,
    symbol: w.nativeCurrency?.symbol ?? w.tokenSymbol,
    decimals: w.nativeCurrency?.decimals ?? w.tokenDecimals,
  }
  const nativeCurrency = NativeCurrencySchema.safeParse(native)
  if (!nativeCurrency.success) {
    const missing = nativeCurrency.error.issues[0]?.path ?? []
    ctx.addIssue({
      code: 'custom',
      path: ['nativeCurrency', ...missing],
      message: `chain ${w.id} has no native currency ${formatPath(missing)} (neither nativeCurrency nor tokenName/tokenSymbol/tokenDecimals)`,
    })
    return z.NEVER
  }
  const explorerUrl = w.blockExplorer?.url ?? w.blockExplorerUrl
  return {
    id: w.id,
    name: w.name,
    nativeCurrency: nativeCurrency.data,
    ...(w.logoUri !== undefined && { logoUri: w.logoUri }),
    ...(explorerUrl !== undefined && {
      blockExplorer: { ...(w.blockExplorer?.name !== undefined && { name: w.blockExplorer.name }), url: explorerUrl },
    }),
    ...(w.isTestnet !== undefined && { isTestnet: w.isTestnet }),
    ...(w.supportsBridging !== undefined && { supportsBridging: w.supportsBridging }),
  }
})

export type ChainInfo = z.output<typeof ChainInfoSchema>
