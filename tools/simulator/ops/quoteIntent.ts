/**
 * QuoteIntent: prices a route and records a QUOTED intent. The request carries the
 * QuoteRequest fields at the top level (ownerAddress, originChainId, originTokenAddress,
 * destinationChainId, destinationTokenAddress, originTokenAmount or
 * destinationTokenAmount, optional destinationToAddress). Other QuoteRequest fields are
 * accepted and not used.
 */
import { evmAddress, type Args } from '../args'
import { chainById } from '../chains'
import type { OpRequest } from '../context'
import { SimError, invalidArgument } from '../errors'
import { DEFAULT_PROJECT_ID, appendRecord, buildRecord, drawParams } from '../intentFactory'
import { rawAmountForUsd, tokenByAddress, usdOf, type TokenDef } from '../tokens'

function chainArg(args: Args, name: string) {
  const id = args.int(name)
  if (id === undefined) throw invalidArgument(`${name} is required`, name)
  const chain = chainById(id)
  if (!chain) throw new SimError('UnsupportedNetwork', `${name} ${id} is not a supported network`, name)
  return chain
}

function tokenArg(args: Args, name: string, chainId: number): TokenDef {
  const address = evmAddress(args, name, true)
  const token = tokenByAddress(chainId, address)
  if (!token) throw invalidArgument(`${name} ${address} is not a supported token on chain ${chainId}`, name)
  return token
}

export function quoteIntent({ ctx, args }: OpRequest) {
  const owner = evmAddress(args, 'ownerAddress', true)
  const origin = chainArg(args, 'originChainId')
  const destination = chainArg(args, 'destinationChainId')
  if (origin.isTestnet !== destination.isTestnet) throw invalidArgument('cannot route between a testnet and a mainnet', 'destinationChainId')
  if (origin.id !== destination.id && !(origin.supportsBridging && destination.supportsBridging))
    throw invalidArgument(`no bridge route between chains ${origin.id} and ${destination.id}`, 'destinationChainId')
  const originToken = tokenArg(args, 'originTokenAddress', origin.id)
  const destinationToken = tokenArg(args, 'destinationTokenAddress', destination.id)
  const originAmount = args.amount('originTokenAmount')
  const destinationAmount = args.amount('destinationTokenAmount')
  const amount = originAmount || (destinationAmount ? rawAmountForUsd(originToken, usdOf(destinationToken, destinationAmount) * 1.004, 0) : 0n)
  if (!amount) throw invalidArgument('give a positive originTokenAmount or destinationTokenAmount', 'originTokenAmount')

  const r = appendRecord(ctx.dataset, ctx.seed, ctx.clock.now(), (rng, idx, createdAt) => {
    const params = drawParams(rng, owner, {
      originChainId: origin.id,
      destinationChainId: destination.id,
      originToken,
      destinationToken,
      originAmount: amount,
      destinationToAddress: evmAddress(args, 'destinationToAddress') ?? owner,
      projectId: DEFAULT_PROJECT_ID,
      protocol: 'v1_5',
      edgeMode: null,
    })
    return buildRecord(rng, idx, createdAt, params, ctx.env.commitWindowMs)
  })
  const intent = ctx.wire.intent(r)
  return { intent, gasFeeOptions: intent.gasFeeOptions }
}
