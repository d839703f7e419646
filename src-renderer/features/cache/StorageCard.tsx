import { useMutation } from '@tanstack/react-query'
import { requestPersistentStorage, type StorageEstimate } from '../../db'
import { formatBytes } from '../../lib/format'
import { FieldList } from '../../components/FieldList'

const PERSIST_MESSAGES = {
  granted: 'Granted: the browser will not evict the cache to free disk space.',
  denied: 'Not granted. Browsers grant it to apps that are used often or installed; the cache still works, but may be evicted when the disk runs low.',
  unsupported: 'This browser does not offer persistent storage.',
} as const

const sharePercent = (used: number, quota: number): string => {
  const pct = (used / quota) * 100
  return pct > 0 && pct < 0.1 ? 'under 0.1%' : `${pct.toFixed(1)}%`
}

/** How much the browser lets the app store, how much it uses, and whether it may be evicted. */
export function StorageCard({ storage, onChange }: { storage: StorageEstimate | undefined; onChange(): void }) {
  const persist = useMutation({ mutationFn: requestPersistentStorage, onSuccess: onChange })
  const result = persist.data
  const used = storage?.usage
  const quota = storage?.quota
  return (
    <section className="card cache-storage" aria-labelledby="cache-storage-title">
      <h2 id="cache-storage-title">Storage</h2>
      {!storage ? (
        <p className="muted">Measuring…</p>
      ) : !storage.supported ? (
        <p className="muted">This browser does not report how much storage the app uses.</p>
      ) : (
        <>
          <meter
            className="cache-meter"
            min={0}
            max={quota || 1}
            value={used ?? 0}
            aria-label="Storage used"
            title={`${formatBytes(used)} of ${formatBytes(quota)}`}
          />
          <FieldList
            fields={[
              [
                'Used by this app',
                <>
                  {formatBytes(used)} of {formatBytes(quota)} allowed
                  {used !== undefined && quota ? <span className="muted"> ({sharePercent(used, quota)})</span> : null}
                </>,
              ],
              ...(storage.indexedDb !== undefined ? ([['Offline cache (IndexedDB)', formatBytes(storage.indexedDb)]] as const) : []),
              [
                'Persistent',
                <span key="p" data-testid="cache-persisted">
                  {storage.persisted === undefined ? 'unknown' : storage.persisted ? 'Yes: the browser will not evict the cache' : 'No: the browser may evict the cache when disk space runs low'}
                </span>,
              ],
            ]}
          />
        </>
      )}
      <div className="row cache-actions">
        <button type="button" onClick={() => persist.mutate()} disabled={persist.isPending || storage?.persisted === true}>
          Request persistent storage
        </button>
        {result ? (
          <span role="status" className={result === 'granted' ? 'tone-ok' : 'muted'}>
            {PERSIST_MESSAGES[result]}
          </span>
        ) : null}
      </div>
    </section>
  )
}
