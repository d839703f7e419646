import { vi } from 'vitest'
import type { DataSource } from '@contract/app'
import type { BridgeMethodName } from '@contract/channels'
import type { Result, SvcError } from '@contract/errors'

/**
 * Scripted bridge answers for the intent view tests. Kept apart from the render helpers:
 * the mocked `call` module loads this file, which must not load the views in turn.
 */

export const PROFILE = 'sim'
export const source = (fetchedAt = Date.now()): DataSource => ({ profileId: PROFILE, baseUrl: 'http://sim', simulated: true, fetchedAt })

export type Responder = (args: unknown) => Result<unknown> | Promise<Result<unknown>>
export const answers = new Map<BridgeMethodName, Responder>()

export const okFetched = (data: unknown, fetchedAt?: number): Result<unknown> => ({ ok: true, value: { data, source: source(fetchedAt) } })
export const failure = (kind: SvcError['kind'], message = `${kind} happened`): Result<unknown> => ({ ok: false, error: { kind, message } })

/** The mocked `call`: scripted answers, and sensible defaults for what every page asks. */
export const fakeCall = vi.fn(async (method: BridgeMethodName, args: unknown): Promise<Result<unknown>> => {
  const answer = answers.get(method)
  if (answer) return answer(args)
  if (method === 'listWatches') return { ok: true, value: { watches: [], notificationsMuted: false } }
  if (method === 'getChains') return okFetched({ chains: [] })
  return failure('NotFound', `${method}: nothing scripted`)
})

