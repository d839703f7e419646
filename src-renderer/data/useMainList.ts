import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import type { MainListKind } from '@contract/mainList'
import { callValue } from './liveOrCached'
import { useProfileId } from './useServiceQuery'
import { listKey, withSnapshot, type Mirror, type SnapshotOf } from './mainList'

/**
 * Reads a profile's list from main and folds it into what the cache holds (a list read
 * while events arrived must not undo them). Throws the `SvcError` of a failed read.
 */
export async function readMainList<K extends MainListKind>(client: QueryClient, kind: K, profileId: string): Promise<Mirror<K>> {
  const list = (kind === 'watches' ? await callValue('listWatches', undefined) : await callValue('listQueryWatches', undefined)) as SnapshotOf<K>
  return withSnapshot(client.getQueryData<Mirror<K>>(listKey(kind, profileId)), list)
}

/**
 * The active profile's list of `kind` as main reports it, from the query cache: read
 * once per profile, then kept current by list events (`followMainLists`, started by
 * `DataProvider`) and by the answers of this page's own actions. Never stale by time:
 * main tells every change.
 */
export function useMainList<K extends MainListKind, T = Mirror<K>>(kind: K, select?: (list: Mirror<K>) => T) {
  const client = useQueryClient()
  const profileId = useProfileId()
  return useQuery({
    queryKey: listKey(kind, profileId ?? ''),
    queryFn: () => readMainList(client, kind, profileId ?? ''),
    enabled: profileId !== undefined,
    staleTime: Infinity,
    // A row's button draws again only when what it reads of the list changes.
    select,
  })
}
