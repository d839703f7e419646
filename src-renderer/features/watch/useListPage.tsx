import { useMemo, useState } from 'react'
import type { SvcError } from '@contract/errors'
import type { MainListKind } from '@contract/mainList'
import { ErrorNotice } from '../../components/ErrorNotice'
import { useMainList } from '../../data/useMainList'
import { useWatchSync } from './sync'

/** Mutation options that report an action's outcome to its page: the failure, or null once one succeeds. */
export type Told = { onSettled(data: unknown, error: SvcError | null): void }

/**
 * A page of a list main owns (watches, watched filters): the list with its events wired,
 * and the failure to show above it, the last action's or the list's own (`notice`, with a
 * retry of the read when the list failed). `told` goes to each action's `mutate`.
 */
export function useListPage<K extends MainListKind>(kind: K) {
  useWatchSync()
  const list = useMainList(kind)
  const [actionError, setActionError] = useState<SvcError | null>(null)
  const told = useMemo<Told>(() => ({ onSettled: (_, error) => setActionError(error) }), [])
  const error = actionError ?? list.error
  const notice = error ? <ErrorNotice error={error} onRetry={list.isError ? () => void list.refetch() : undefined} /> : null
  return { list, told, notice }
}
