import type { EarnPool, GetEarnPoolsRequest } from '@contract/service'

/**
 * Earn pool filters as typed (in the URL and the form): chain ids and protocol names as
 * comma-separated lists, TVL and APY as text until they are checked.
 */
export interface EarnFilterDraft {
  chainIds: string[]
  protocols: string
  minTvl: string
  maxApy: string
}

export type EarnFilterProblems = Partial<Record<keyof EarnFilterDraft, string>>

export const EARN_PARAMS = { chainIds: 'chains', protocols: 'protocols', minTvl: 'minTvl', maxApy: 'maxApy' } as const

const splitList = (text: string) =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)

/** URL → filters as typed. */
export function readFilters(params: URLSearchParams): EarnFilterDraft {
  return {
    chainIds: splitList(params.get(EARN_PARAMS.chainIds) ?? ''),
    protocols: params.get(EARN_PARAMS.protocols) ?? '',
    minTvl: params.get(EARN_PARAMS.minTvl) ?? '',
    maxApy: params.get(EARN_PARAMS.maxApy) ?? '',
  }
}

/** Filters → URL; empty ones are left out, lists are written tidied. */
export function writeFilters(params: URLSearchParams, d: EarnFilterDraft): URLSearchParams {
  const next = new URLSearchParams(params)
  const set = (key: string, value: string) => (value ? next.set(key, value) : next.delete(key))
  set(EARN_PARAMS.chainIds, d.chainIds.join(','))
  set(EARN_PARAMS.protocols, splitList(d.protocols).join(', '))
  set(EARN_PARAMS.minTvl, d.minTvl.trim())
  set(EARN_PARAMS.maxApy, d.maxApy.trim())
  return next
}

const NUMBER = /^\d+(\.\d+)?$/

function amount(text: string, what: string, example: string): { value?: number; problem?: string } {
  const t = text.trim().replace(/[_\s]/g, '')
  if (!t) return {}
  if (!NUMBER.test(t)) return { problem: `${what} must be a number, 0 or more (e.g. ${example})` }
  const value = Number(t)
  // Hundreds of digits read as Infinity, which JSON would send as null.
  if (!Number.isFinite(value)) return { problem: `${what} is too large to send` }
  return { value }
}

/** Parses a draft once: the request from the good fields and the problem of each bad one. */
function parse(d: EarnFilterDraft): { request: GetEarnPoolsRequest; problems: EarnFilterProblems } {
  const problems: EarnFilterProblems = {}
  const chainIds: number[] = []
  for (const c of d.chainIds) {
    if (/^\d+$/.test(c) && Number(c) > 0) chainIds.push(Number(c))
    else problems.chainIds = `“${c}” is not a chain id`
  }
  const minTvl = amount(d.minTvl, 'Minimum TVL', '1000000')
  const maxApy = amount(d.maxApy, 'Maximum APY', '12.5')
  if (minTvl.problem) problems.minTvl = minTvl.problem
  if (maxApy.problem) problems.maxApy = maxApy.problem
  const protocols = splitList(d.protocols)
  return {
    request: {
      ...(chainIds.length && { chainIds }),
      ...(protocols.length && { protocols }),
      ...(minTvl.value !== undefined && { minTvl: minTvl.value }),
      ...(maxApy.value !== undefined && { maxApy: maxApy.value }),
    },
    problems,
  }
}

/** The problem of each bad field; empty when the draft can be sent. */
export const validateFilters = (d: EarnFilterDraft): EarnFilterProblems => parse(d).problems

/**
 * The GetEarnPools request for a draft, bad fields left out (check them with
 * `validateFilters` first). `maxApy` is a percentage, like the pools' `apy` (5 means 5 %).
 */
export const toRequest = (d: EarnFilterDraft): GetEarnPoolsRequest => parse(d).request

export const hasProblems = (p: EarnFilterProblems): boolean => Object.keys(p).length > 0

/**
 * The service's filters applied to cached pools (all conditions must hold). Protocols
 * match the pool's protocol name in any case; the service may also match protocol ids
 * that cached pools do not carry.
 */
export function filterEarnPools(pools: readonly EarnPool[], r: GetEarnPoolsRequest): EarnPool[] {
  const protocols = r.protocols?.map((p) => p.toLowerCase())
  return pools.filter(
    (p) =>
      (!r.chainIds?.length || (p.chainId !== undefined && r.chainIds.includes(p.chainId))) &&
      (!protocols?.length || (p.protocol !== undefined && protocols.includes(p.protocol.toLowerCase()))) &&
      (r.minTvl === undefined || (p.tvl !== undefined && p.tvl >= r.minTvl)) &&
      (r.maxApy === undefined || (p.apy !== undefined && p.apy <= r.maxApy)),
  )
}

/** "4.52%": `apy` is already a percentage. */
export const formatApy = (apy: number | undefined): string => (apy === undefined ? '—' : `${apy.toFixed(2)}%`)
