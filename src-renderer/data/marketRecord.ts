import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import type { BridgeArgs } from '@contract/bridge'
import { callValue } from './liveOrCached'
import type { RecordMethod } from './useRecordQuery'

/**
 * The actions on what main records (the market recorder's schedule, "record now", the
 * saved wallet sets), each a mutation that reads again, once it is done, every query of
 * main's record it changes.
 */

const readAgain = (client: QueryClient, methods: readonly RecordMethod[]) =>
  client.invalidateQueries({ predicate: (q) => methods.includes(q.queryKey[1] as RecordMethod) })

/** What a snapshot changes: the recorder's state and every history shown. */
const RECORDER_READS: readonly RecordMethod[] = ['getMarketRecorder', 'getMarketHistory', 'getMarketHistories', 'getMarketSummaries']
/** What a wallet set's change moves: the sets and their recorded value. */
const WALLET_SET_READS: readonly RecordMethod[] = ['listWalletSets', 'getPositionHistory']

/** The market recorder's interval in minutes (null: off), or a snapshot now (`{ now: true }`). */
export type RecorderAction = { intervalMinutes: number | null } | { now: true }

export function useRecorderAction() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (action: RecorderAction) =>
      'now' in action ? callValue('recordMarketsNow', {}) : callValue('setMarketRecorder', { intervalMinutes: action.intervalMinutes }),
    onSettled: () => readAgain(client, RECORDER_READS),
  })
}

/** Starts recording a set of wallets at every snapshot. */
export function useSaveWalletSet() {
  const client = useQueryClient()
  return useMutation({ mutationFn: (args: BridgeArgs<'saveWalletSet'>) => callValue('saveWalletSet', args), onSettled: () => readAgain(client, WALLET_SET_READS) })
}

/** Stops recording a set of wallets. */
export function useRemoveWalletSet() {
  const client = useQueryClient()
  return useMutation({ mutationFn: (id: string) => callValue('removeWalletSet', { id }), onSettled: () => readAgain(client, WALLET_SET_READS) })
}
