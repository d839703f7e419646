import { useState } from 'react'
import type { ProfileView } from '@contract/app'
import type { SvcError } from '@contract/errors'
import { DataTable, type Column } from '../../components/DataTable'
import { SelectField } from '../../components/SelectField'
import type { StoreName } from '../../db'
import { EmptyState } from '../../components/EmptyState'
import { useClearCache } from '../../data/cacheAdmin'
import { ConfirmBar } from '../../components/ConfirmBar'
import { formatBytes, formatCount } from '../../lib/format'
import { profileLabel, profileOptions } from './format'
import type { Inventory } from '../../data/cacheAdmin'

type Pending = { store?: StoreName; label: string; count: number; userData: boolean }

type Message = { tone: 'ok' | 'error'; text: string } | null
type StoreLine = Inventory['stores'][number]

/** The profile clearing applies to, the clear waiting for confirmation, and doing it. */
function useClearing(appProfiles: readonly ProfileView[] | undefined) {
  const [scope, setScope] = useState('')
  const [pending, setPending] = useState<Pending | null>(null)
  const [message, setMessage] = useState<Message>(null)
  const clearing = useClearCache()
  const scopeLabel = scope ? `profile ${profileLabel(appProfiles, scope)}` : 'all profiles'
  const countIn = (counts: Record<string, number>, total: number) => (scope ? (counts[scope] ?? 0) : total)

  const clear = async () => {
    if (!pending) return
    setMessage(null)
    try {
      await clearing.mutateAsync({ profileId: scope || undefined, stores: pending.store ? [pending.store] : undefined })
      setMessage({ tone: 'ok', text: `Cleared ${pending.label} for ${scopeLabel}.` })
      setPending(null)
    } catch (e) {
      setMessage({ tone: 'error', text: (e as SvcError).message })
    }
  }
  const chooseScope = (next: string) => {
    setScope(next)
    setPending(null)
  }
  return { scope, chooseScope, scopeLabel, countIn, pending, setPending, busy: clearing.isPending, message, clear }
}

type Clearing = ReturnType<typeof useClearing>

/** The store's name, a column per profile (the one clearing applies to highlighted), the total, the size, and Clear. */
function storeColumns(profiles: Inventory['profiles'], appProfiles: readonly ProfileView[] | undefined, clearing: Clearing): Column<StoreLine>[] {
  const { scope, scopeLabel, busy } = clearing
  return [
    {
      id: 'store',
      header: 'Store',
      rowHeader: true,
      cell: ({ store }) => (
        <>
          {store.label}
          {store.kind === 'derived' ? <span className="muted small"> (rebuilt from intents, history and receipts)</span> : null}
          {store.kind === 'user' ? <span className="muted small"> (your data)</span> : null}
        </>
      ),
    },
    ...profiles.map(
      (p): Column<StoreLine> => ({
        id: `profile-${p.profileId}`,
        header: <span title={p.baseUrls.join('\n') || undefined}>{profileLabel(appProfiles, p.profileId)}</span>,
        align: 'right',
        className: scope === p.profileId ? 'cache-scope' : undefined,
        cell: ({ counts }) => formatCount(counts[p.profileId] ?? 0),
      }),
    ),
    { id: 'total', header: 'Total', align: 'right', cell: ({ total }) => formatCount(total) },
    { id: 'size', header: <span title="Estimated from a sample of records, as JSON">≈ Size</span>, align: 'right', cell: ({ approxBytes }) => formatBytes(approxBytes) },
    {
      id: 'actions',
      header: <span className="cache-sr-only">Actions</span>,
      cell: ({ store, counts, total }) => {
        const count = clearing.countIn(counts, total)
        return store.kind === 'derived' ? null : (
          <button
            type="button"
            disabled={!count || busy}
            aria-label={`Clear ${store.label} in ${scopeLabel}`}
            onClick={() => clearing.setPending({ store: store.name, label: store.label, count, userData: store.kind === 'user' })}
          >
            Clear
          </button>
        )
      },
    },
  ]
}

/** The confirmation a clear waits for, and what the last clear did. */
function ClearFeedback({ clearing }: { clearing: Clearing }) {
  const { pending, busy, message, scopeLabel } = clearing
  return (
    <>
      {pending ? (
        <ConfirmBar confirmLabel={`Delete ${formatCount(pending.count)} records`} busy={busy} onConfirm={clearing.clear} onCancel={() => clearing.setPending(null)}>
          <strong>
            Delete {pending.store ? `${pending.label} (${formatCount(pending.count)} records)` : `${formatCount(pending.count)} cached records`} in{' '}
            {scopeLabel}?
          </strong>
          <p>
            {pending.userData
              ? 'This includes notes, bookmarks, watches or saved searches: they are yours and cannot be fetched again. Export them first if you may need them.'
              : 'They are fetched again the next time you browse them online.'}
          </p>
        </ConfirmBar>
      ) : null}
      {message ? (
        <p role={message.tone === 'error' ? 'alert' : 'status'} className={message.tone === 'error' ? 'field-error' : 'tone-ok'}>
          {message.text}
        </p>
      ) : null}
    </>
  )
}

/**
 * Records per store and profile, with clearing by store, by profile, or both. The search
 * index is listed for its size but follows the intent stores: it cannot be cleared alone.
 */
export function StoresTable({ inventory, appProfiles }: { inventory: Inventory; appProfiles: readonly ProfileView[] | undefined }) {
  const clearing = useClearing(appProfiles)
  const { scope, busy } = clearing
  const { profiles, stores } = inventory

  if (!profiles.length)
    return (
      <section className="card" aria-labelledby="cache-stores-title">
        <h2 id="cache-stores-title">Cached data</h2>
        <EmptyState title="Nothing cached yet">
          Intents, history pages, receipts, chains, markets and positions are saved here as you browse them, so you can
          review them offline later.
        </EmptyState>
      </section>
    )

  const everything = stores.filter((s) => s.store.kind !== 'derived').reduce((n, s) => n + clearing.countIn(s.counts, s.total), 0)
  return (
    <section className="card" aria-labelledby="cache-stores-title">
      <div className="cache-card-head">
        <h2 id="cache-stores-title">Cached data</h2>
        <SelectField label="Clear in" value={scope} options={[{ value: '', label: 'All profiles' }, ...profileOptions(profiles, appProfiles)]} onChange={clearing.chooseScope} />
      </div>
      <div className="cache-table-wrap">
        <DataTable
          label="Cached records per store"
          className="cache-stores"
          columns={storeColumns(profiles, appProfiles, clearing)}
          rows={stores}
          rowKey={(line) => line.store.name}
          rowProps={(line) => ({ 'data-store': line.store.name })}
        />
      </div>
      <div className="row cache-actions">
        <button
          type="button"
          className="cache-danger"
          disabled={!everything || busy}
          onClick={() => clearing.setPending({ label: 'everything', count: everything, userData: true })}
        >
          {scope ? `Clear everything in ${profileLabel(appProfiles, scope)}` : 'Clear the whole cache'}
        </button>
      </div>
      <ClearFeedback clearing={clearing} />
    </section>
  )
}
