import { useState } from 'react'
import type { ProfileView } from '@contract/app'
import { SelectField } from '../../components/SelectField'
import { clearCache, storageErrorMessage, type StoreName } from '../../db'
import { EmptyState } from '../../components/EmptyState'
import { ConfirmBar } from './ConfirmBar'
import { formatBytes, formatCount, profileLabel } from './format'
import { profileOptions } from './profileOptions'
import type { Inventory } from '../../data/useCacheInventory'

type Pending = { store?: StoreName; label: string; count: number; userData: boolean }

type Message = { tone: 'ok' | 'error'; text: string } | null
type StoreLine = Inventory['stores'][number]

/** The profile clearing applies to, the clear waiting for confirmation, and doing it. */
function useClearing(appProfiles: readonly ProfileView[] | undefined, onChanged: () => void) {
  const [scope, setScope] = useState('')
  const [pending, setPending] = useState<Pending | null>(null)
  const [busy, setBusy] = useState(false)
  const [message, setMessage] = useState<Message>(null)
  const scopeLabel = scope ? `profile ${profileLabel(appProfiles, scope)}` : 'all profiles'
  const countIn = (counts: Record<string, number>, total: number) => (scope ? (counts[scope] ?? 0) : total)

  const clear = async () => {
    if (!pending) return
    setBusy(true)
    setMessage(null)
    try {
      await clearCache({ profileId: scope || undefined, stores: pending.store ? [pending.store] : undefined })
      setMessage({ tone: 'ok', text: `Cleared ${pending.label} for ${scopeLabel}.` })
      setPending(null)
      onChanged()
    } catch (e) {
      setMessage({ tone: 'error', text: storageErrorMessage(e) })
    } finally {
      setBusy(false)
    }
  }
  const chooseScope = (next: string) => {
    setScope(next)
    setPending(null)
  }
  return { scope, chooseScope, scopeLabel, countIn, pending, setPending, busy, message, clear }
}

type Clearing = ReturnType<typeof useClearing>

function StoreRow({ line, profiles, clearing }: { line: StoreLine; profiles: Inventory['profiles']; clearing: Clearing }) {
  const { store, counts, total, approxBytes } = line
  const { scope, scopeLabel, busy } = clearing
  const count = clearing.countIn(counts, total)
  const derived = store.kind === 'derived'
  return (
    <tr data-store={store.name}>
      <th scope="row">
        {store.label}
        {derived ? <span className="muted small"> (rebuilt from intents, history and receipts)</span> : null}
        {store.kind === 'user' ? <span className="muted small"> (your data)</span> : null}
      </th>
      {profiles.map((p) => (
        <td key={p.profileId} className={`num${scope === p.profileId ? ' cache-scope' : ''}`}>
          {formatCount(counts[p.profileId] ?? 0)}
        </td>
      ))}
      <td className="num">{formatCount(total)}</td>
      <td className="num">{formatBytes(approxBytes)}</td>
      <td>
        {derived ? null : (
          <button
            type="button"
            disabled={!count || busy}
            aria-label={`Clear ${store.label} in ${scopeLabel}`}
            onClick={() => clearing.setPending({ store: store.name, label: store.label, count, userData: store.kind === 'user' })}
          >
            Clear
          </button>
        )}
      </td>
    </tr>
  )
}

function StoresGrid({ inventory, appProfiles, clearing }: { inventory: Inventory; appProfiles: readonly ProfileView[] | undefined; clearing: Clearing }) {
  const { profiles, stores } = inventory
  return (
    <div className="cache-table-wrap">
      <table className="data cache-stores" aria-label="Cached records per store">
        <thead>
          <tr>
            <th scope="col">Store</th>
            {profiles.map((p) => (
              <th key={p.profileId} scope="col" className={`num${clearing.scope === p.profileId ? ' cache-scope' : ''}`} title={p.baseUrls.join('\n') || undefined}>
                {profileLabel(appProfiles, p.profileId)}
              </th>
            ))}
            <th scope="col" className="num">
              Total
            </th>
            <th scope="col" className="num" title="Estimated from a sample of records, as JSON">
              ≈ Size
            </th>
            <th scope="col">
              <span className="cache-sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {stores.map((line) => (
            <StoreRow key={line.store.name} line={line} profiles={profiles} clearing={clearing} />
          ))}
        </tbody>
      </table>
    </div>
  )
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
export function StoresTable({
  inventory,
  appProfiles,
  onChanged,
}: {
  inventory: Inventory
  appProfiles: readonly ProfileView[] | undefined
  onChanged(): void
}) {
  const clearing = useClearing(appProfiles, onChanged)
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
      <StoresGrid inventory={inventory} appProfiles={appProfiles} clearing={clearing} />
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
