import { useMemo, useState } from 'react'
import type { SvcError } from '@contract/errors'
import type { MainListKind } from '@contract/mainList'
import { ErrorNotice } from '../../components/ErrorNotice'
import { useMainList } from '../../data/useMainList'
import { useWatchSync } from './sync'

/** Mutation options that report an action's outcome to its page: the failure, or null once one succeeds. */
export type Told = { onSettled(data: unknown, error: SvcError | null): void }

/** A page of a list main owns: the list, and above it the last action's failure (each `mutate` gets `told`) or the list's own. */
export function useListPage<K extends MainListKind>(kind: K) {
  useWatchSync()
  const list = useMainList(kind)
  const [actionError, setActionError] = useState<SvcError | null>(null)
  const told = useMemo<Told>(() => ({ onSettled: (_, error) => setActionError(error) }), [])
  const error = actionError ?? list.error
  const notice = error ? <ErrorNotice error={error} onRetry={list.isError ? () => void list.refetch() : undefined} /> : null
  return { list, told, notice }
}
