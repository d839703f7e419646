import { useSearchParams } from 'react-router'
import { useConnection } from '../../stores/connection'
import { CaseBundleCard } from './CaseBundleCard'
import { ExportCard } from './ExportCard'
import { ImportCard } from './ImportCard'
import { StorageCard } from './StorageCard'
import { StoresTable } from './StoresTable'
import { useCacheInventory } from '../../data/cacheAdmin'
import { ViewHeader } from '../../components/ViewHeader'

/**
 * The offline cache: how much it holds and where, clearing, export/import between
 * machines, and case bundles. `?bundle=<intent id>` opens with that intent filled in.
 */
export function CacheView() {
  const [params] = useSearchParams()
  const info = useConnection((s) => s.info)
  const state = useCacheInventory()
  const { inventory } = state
  const appProfiles = info?.profiles
  const activeProfileId = info?.activeProfileId

  return (
    <section className="view cache-view" aria-labelledby="cache-title">
      <ViewHeader title="Cache" titleId="cache-title">
        <div className="toolbar">
          <button type="button" onClick={state.reload} disabled={state.loading}>
            Refresh
          </button>
        </div>
      </ViewHeader>
      {state.error ? (
        <div className="notice notice-error" role="alert">
          <strong>The cache cannot be read</strong>
          <p>{state.error}</p>
        </div>
      ) : null}
      <StorageCard storage={inventory?.storage} onChange={state.reload} />
      {inventory ? (
        <>
          <StoresTable inventory={inventory} appProfiles={appProfiles} />
          <ExportCard inventory={inventory} appProfiles={appProfiles} />
          <ImportCard appProfiles={appProfiles} activeProfileId={activeProfileId} />
          <CaseBundleCard
            key={inventory.profiles.map((p) => p.profileId).join()}
            profiles={inventory.profiles}
            appProfiles={appProfiles}
            activeProfileId={activeProfileId}
            initialIntentId={params.get('bundle') ?? ''}
          />
        </>
      ) : state.loading ? (
        <p className="muted">Counting cached records…</p>
      ) : null}
    </section>
  )
}
