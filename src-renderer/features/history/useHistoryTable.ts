import { useCallback, useDeferredValue, useEffect, useMemo, useRef } from 'react'
import { useNavigate } from 'react-router'
import type { IntentHistoryEntry } from '@contract/service'
import { useChainsById } from '../../lib/displaySources'
import { learnProviderCodes, providerSuggestions as withAuto, useProviderCodes } from '../../data/reference/providerCodes'
import { useProfileId } from '../../data/useServiceQuery'
import { routeProviders } from '@contract/historyEntry'
import { rowBuilder, type HistoryRow } from './rows'
import { extensionFrom } from './summary'
import { selectedOf, useHistoryUi } from '../../stores/historyUi'
import type { HistoryList } from './useHistoryView'
import { intentPath } from '../../components/IntentLink'

/** The table side of the History view; what it keeps of a list (selection, detail, scroll) is in `stores/historyUi.ts`. */

type Codes = { providers: string[]; rails: string[] }
type Seen = { entries: readonly IntentHistoryEntry[]; providers: Set<string>; rails: Set<string>; codes?: Codes }

/** Codes and rails the loaded entries mention, for the filter suggestions: only the entries a growing list adds are read. */
function useSeenCodes(entries: readonly IntentHistoryEntry[]) {
  const deferred = useDeferredValue(entries)
  const seen = useRef<Seen>({ entries: [], providers: new Set(), rails: new Set() })
  return useMemo(() => {
    let from = extensionFrom(seen.current.entries, deferred)
    if (from < 0) [seen.current, from] = [{ entries: [], providers: new Set(), rails: new Set() }, 0]
    const { providers, rails } = seen.current
    for (let i = from; i < deferred.length; i++) {
      const e = deferred[i]
      for (const p of routeProviders(e)) providers.add(p)
      const rail = (e.receipt?.summary?.edge ?? e.receipt?.edge)?.rail
      if (rail) rails.add(rail)
    }
    seen.current.entries = deferred
    // The same lists while no page adds a code, so nothing downstream runs again.
    const { codes } = seen.current
    if (codes?.providers.length === providers.size && codes.rails.length === rails.size) return codes
    return (seen.current.codes = { providers: [...providers].sort(), rails: [...rails].sort() })
  }, [deferred])
}

/** Provider and rail suggestions for the filter form: codes seen in the entries and learnt before. */
export function useFilterSuggestions(entries: readonly IntentHistoryEntry[]) {
  const profileId = useProfileId()
  const seen = useSeenCodes(entries)
  const learnt = useProviderCodes()
  useEffect(() => {
    if (profileId && seen.providers.length) learnProviderCodes(profileId, seen.providers)
  }, [profileId, seen.providers])
  const providers = useMemo(() => withAuto([...new Set([...seen.providers, ...learnt])].sort()), [seen.providers, learnt])
  return { providers, rails: seen.rails }
}

export function useHistoryTable(list: HistoryList) {
  const chains = useChainsById()
  const buildRows = useRef(rowBuilder()).current
  const rows = useMemo(() => buildRows(list.entries, chains), [buildRows, list.entries, chains])
  const id = list.id ?? ''
  const picked = useHistoryUi((s) => selectedOf(s, list.id))
  const detail = useHistoryUi((s) => (s.detail?.list === id ? s.detail : null))
  const scrollAt = `${id}:${list.view === 'all' ? 'all' : list.pageIndex}`
  const navigate = useNavigate()

  const openRow = useCallback((row: HistoryRow) => row.intentId && navigate(intentPath(row.intentId)), [navigate])
  const toggleRow = useCallback((row: HistoryRow) => useHistoryUi.getState().toggleSelected(id, row.key, row.entry), [id])
  const toggleAll = useCallback(
    (select: boolean) => {
      const s = useHistoryUi.getState()
      const next = new Map(selectedOf(s, id))
      for (const r of rows) {
        if (select) next.set(r.key, r.entry)
        else next.delete(r.key)
      }
      s.setSelected(id, next)
    },
    [rows, id],
  )
  const showDetail = useCallback(
    (row: HistoryRow) => {
      const s = useHistoryUi.getState()
      s.showDetail(id, s.detail?.list === id && s.detail.key === row.key ? null : { key: row.key, entry: row.entry })
    },
    [id],
  )
  const onScrollTop = useCallback((top: number) => useHistoryUi.getState().setScroll(scrollAt, top), [scrollAt])
  const initialScrollTop = () => {
    const { scroll } = useHistoryUi.getState()
    return scroll.at === scrollAt ? scroll.top : 0
  }
  const selected = useMemo(() => [...picked.values()], [picked])
  return {
    rows,
    picked,
    selected,
    detail,
    scrollKey: list.view === 'all' ? 'all' : `page-${list.pageIndex}`,
    initialScrollTop,
    actions: {
      openRow,
      toggleRow,
      toggleAll,
      showDetail,
      closeDetail: () => useHistoryUi.getState().showDetail(id, null),
      clearSelection: () => useHistoryUi.getState().setSelected(id, []),
      onScrollTop,
    },
  }
}

export type HistoryTableModel = ReturnType<typeof useHistoryTable>
