import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { BridgeArgs } from '@contract/bridge'
import { callValue } from './liveOrCached'
import type { RecordMethod } from './useRecordQuery'

/**
 * The actions on what main records (the market recorder's schedule, "record now", the
 * saved wallet sets), each a mutation that reads again, once it is done, every query of
 * main's record it changes.
 */

/** A mutation that reads again, once it is done, every query of the `reads` methods. */
function useRecordMutation<A, T>(mutationFn: (args: A) => Promise<T>, reads: readonly RecordMethod[]) {
  const client = useQueryClient()
  return useMutation({ mutationFn, onSettled: () => client.invalidateQueries({ predicate: (q) => reads.includes(q.queryKey[1] as RecordMethod) }) })
}

/** What a snapshot changes: the recorder's state and every history shown. */
const RECORDER_READS: readonly RecordMethod[] = ['getMarketRecorder', 'getMarketHistory', 'getMarketHistories', 'getMarketSummaries']
/** What a wallet set's change moves: the sets and their recorded value. */
const WALLET_SET_READS: readonly RecordMethod[] = ['listWalletSets', 'getPositionHistory']

/** The market recorder's interval in minutes (null: off), or a snapshot now (`{ now: true }`). */
type RecorderAction = { intervalMinutes: number | null } | { now: true }

export const useRecorderAction = () =>
  useRecordMutation(
    (action: RecorderAction) => ('now' in action ? callValue('recordMarketsNow', {}) : callValue('setMarketRecorder', { intervalMinutes: action.intervalMinutes })),
    RECORDER_READS,
  )

/** Starts recording a set of wallets at every snapshot. */
export const useSaveWalletSet = () => useRecordMutation((args: BridgeArgs<'saveWalletSet'>) => callValue('saveWalletSet', args), WALLET_SET_READS)

export const useRemoveWalletSet = () => useRecordMutation((id: string) => callValue('removeWalletSet', { id }), WALLET_SET_READS)
