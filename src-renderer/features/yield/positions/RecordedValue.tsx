import { MAX_WALLET_SET_QUERIES, type WalletSet } from '@contract/marketHistory'
import type { YieldBalanceQuery } from '@contract/service'
import { ErrorNotice } from '../../../components/ErrorNotice'
import { useRecordQuery, useRemoveWalletSet, useSaveWalletSet } from '../../../data/useRecordQuery'
import { datedFilename, downloadText } from '../../../lib/download'
import { HistoryChart } from '../history/HistoryChart'
import { positionHistoryCsv } from '../history/historyRows'

const sameQueries = (a: readonly YieldBalanceQuery[], b: readonly YieldBalanceQuery[]) => JSON.stringify(a) === JSON.stringify(b)

function RecordedChart({ set }: { set: WalletSet }) {
  const history = useRecordQuery('getPositionHistory', { id: set.id })
  const rows = (history.data?.points ?? []).map((p) => ({ t: p.t, usd: 'gap' in p ? null : p.usd }))
  return (
    <>
      {history.data?.lastError ? <p className="muted small">The last recorded lookup failed: {history.data.lastError}</p> : null}
      <HistoryChart
        title="Recorded value over time"
        rows={rows}
        format="usd"
        note={`“${set.name}”, looked up at every market snapshot since it was saved`}
        series={[{ key: 'usd', name: `${set.name} (USD)`, color: 'var(--accent)' }]}
      />
      <button type="button" disabled={!rows.length} onClick={() => downloadText(positionHistoryCsv(set.name, history.data?.points ?? []), datedFilename('recorded-positions', 'csv'), 'text/csv')}>
        Export recorded value CSV
      </button>
    </>
  )
}

/**
 * These exact wallets, recorded by the app at every snapshot: a button to start, then
 * their value over time from main's record (a series of its own, named after the set; a
 * different set of wallets is a different series), and a button to stop.
 */
export function RecordedValue({ queries, name }: { queries: readonly YieldBalanceQuery[]; name: string }) {
  const sets = useRecordQuery('listWalletSets', {})
  const save = useSaveWalletSet()
  const removal = useRemoveWalletSet()
  const error = save.error ?? removal.error
  const set = sets.data?.find((s) => sameQueries(s.queries, queries))
  if (!queries.length) return null
  if (queries.length > MAX_WALLET_SET_QUERIES) return <p className="muted small">Up to {MAX_WALLET_SET_QUERIES} wallet queries can be recorded by the app.</p>
  return (
    <div data-testid="recorded-value">
      {set ? (
        <>
          <RecordedChart set={set} />
          <button type="button" onClick={() => (save.reset(), removal.mutate(set.id))}>
            Stop recording these wallets
          </button>
        </>
      ) : (
        <button type="button" onClick={() => (removal.reset(), save.mutate({ name, queries: [...queries] }))}>
          Record these wallets at every snapshot
        </button>
      )}
      {error ? <ErrorNotice error={error} /> : null}
    </div>
  )
}
