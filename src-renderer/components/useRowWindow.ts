import { useCallback, useLayoutEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react'
import { elementScroll, measureElement as measureNow, observeElementRect, useVirtualizer, type VirtualItem, type Virtualizer } from '@tanstack/react-virtual'

import { SCROLL_ROOT_ATTR } from './scrollRoot'

export { SCROLL_ROOT_ATTR }

/**
 * Lists up to this length are drawn whole: a plain table of a few dozen rows costs less
 * than a frame, and keeps find-in-page and printing complete for the common case.
 */
export const WINDOW_FROM = 80
const ROW_ESTIMATE = 37
const OVERSCAN = 12

export type RowWindow =
  | { kind: 'all' }
  | { kind: 'window'; items: VirtualItem[]; margin: number; before: number; after: number; measure: (el: Element | null) => void }

export interface RowWindowOptions {
  /** False draws every row, however many. */
  windowed?: boolean
  /**
   * Rows all this tall (px) are never measured, so scrolling forces no layout reads; the
   * table's sticky header is taken to be one row tall, and kept clear when a row is
   * scrolled into view.
   */
  rowHeight?: number
  /** Where a scroll box of the table's own starts: a list restored where it was left. */
  startAt?: number
}

/**
 * A row's height as the resize observer reports it, after the browser's own layout. A row
 * that mounts takes its last known height (or the estimate) instead of being measured on
 * the spot: measuring each mounting row forced a layout per row, some 100 in one commit
 * (a 250 ms task for a bulk lookup's 200 results). The observer's first report, before
 * the frame is painted, corrects it. Without an observer (tests) rows are measured at once.
 */
function rowHeight(el: Element, entry: ResizeObserverEntry | undefined, v: Virtualizer<HTMLElement, Element>): number {
  if (entry || typeof ResizeObserver !== 'function') return measureNow(el, entry, v)
  return v.itemSizeCache.get(v.options.getItemKey(v.indexFromElement(el))) ?? ROW_ESTIMATE
}

/**
 * The virtualiser's options that read and write no layout as a list mounts. The library
 * reads the root's size, and writes its offset to the root, the moment a list mounts; each
 * forced the layout of the view just committed into the commit's task (28 ms of a wallet
 * search's 113 ms task, 29 ms of History's first page, in profiles). The size comes from the
 * root's resize observer instead (its first report comes before the first paint; until then
 * the window is screen-tall), and a write to where the list already is, is skipped; a root
 * left scrolled elsewhere is read at that report (the library reads it at each scroll), so
 * it does not move. Without an observer (tests) the size is read at once.
 */
export const measuredAfterLayout = () => ({
  observeElementRect: ((instance, report) => {
    const el = instance.scrollElement
    if (!el || typeof ResizeObserver !== 'function') return observeElementRect(instance, report)
    const watcher = new ResizeObserver(() => {
      report({ width: el.clientWidth, height: el.clientHeight })
      // Laid out now, so reading the offset costs nothing: a root left scrolled is read here.
      if ((instance.options.horizontal ? el.scrollLeft : el.scrollTop) !== instance.scrollOffset) el.dispatchEvent(new Event('scroll'))
    })
    watcher.observe(el)
    return () => watcher.disconnect()
  }) satisfies typeof observeElementRect,
  scrollToFn: ((offset, options, instance) => {
    if (offset + (options.adjustments ?? 0) !== instance.scrollOffset) elementScroll(offset, options, instance)
  }) satisfies typeof elementScroll,
  initialRect: { width: screen.availWidth, height: screen.availHeight },
})

/**
 * Where the table body starts inside the scroll root's content, so the window lines up with
 * what is on screen. What sits above the table (notices, summaries) changes height as
 * answers arrive. Placed by the observer, after the browser's own layout (its first report
 * comes before the first paint): placing it in a layout effect forced the layout of the
 * rows just drawn into the commit's task (up to 80 ms of one in a session profile), at
 * every table's mount and at every new list.
 */
function useTopIn(root: HTMLElement | null | undefined, bodyRef: RefObject<HTMLElement | null>, initial: number): number {
  const [margin, setMargin] = useState(initial)
  useLayoutEffect(() => {
    const body = bodyRef.current
    if (!root || !body) return
    const place = () => {
      const top = body.getBoundingClientRect().top - root.getBoundingClientRect().top + root.scrollTop
      setMargin((m) => (Math.abs(m - top) > 1 ? top : m))
    }
    if (typeof ResizeObserver === 'undefined') return place()
    const watcher = new ResizeObserver(place)
    for (const child of [...root.children, body]) watcher.observe(child)
    return () => watcher.disconnect()
  }, [root, bodyRef])
  return margin
}

/**
 * The rows of a long table that are on screen (plus a margin), measured as they render
 * so rows that wrap keep their own height, unless they all have `rowHeight`. The scroll
 * root is the closest element marked with `SCROLL_ROOT_ATTR` (the shell's pane, or a
 * table's own scroll box); outside one every row is drawn. The first commit of a list that
 * mounts long draws no rows at all: the layout effect finds the scroll root and draws the
 * window before the browser paints.
 */
export function useRowWindow<E extends HTMLElement = HTMLTableSectionElement>(
  count: number,
  getKey: (index: number) => string,
  { windowed = true, rowHeight: fixed, startAt = 0 }: RowWindowOptions = {},
) {
  const bodyRef = useRef<E>(null)
  const [root, setRoot] = useState<HTMLElement | null | undefined>(undefined)
  const margin = useTopIn(root, bodyRef, fixed ?? 0)
  const long = windowed && count > WINDOW_FROM

  // Found at mount, short or not: a list that grows long later (a search's preview, then its
  // answer) then draws its window in the same render, which a transition can slice, instead
  // of in a layout effect's render of its own.
  useLayoutEffect(() => {
    if (windowed && bodyRef.current) setRoot(bodyRef.current.closest<HTMLElement>(`[${SCROLL_ROOT_ATTR}]`))
  }, [windowed])

  const virtualizer = useVirtualizer({
    count,
    // On from the root's discovery, so the scroll root's size is known before the list grows long.
    enabled: windowed && Boolean(root),
    getScrollElement: () => root ?? null,
    ...measuredAfterLayout(),
    initialOffset: startAt,
    estimateSize: () => fixed ?? ROW_ESTIMATE,
    measureElement: rowHeight,
    overscan: fixed ? 8 : OVERSCAN,
    scrollMargin: margin,
    scrollPaddingStart: fixed ?? 0,
    // Rows of a fixed height are placed by their index alone. A key function, new at every
    // render, made the virtualizer lay out every row again at each render (10,000 of them
    // at each page of a "load all"); the index keys (its default) let it do so only when
    // the count changes.
    getItemKey: fixed ? undefined : (i) => getKey(i),
  })

  let rowWindow: RowWindow = { kind: 'all' }
  if (long && root !== null) {
    const items = root ? virtualizer.getVirtualItems() : []
    const start = items[0]?.start ?? margin
    const end = items.length ? items[items.length - 1].end : margin
    rowWindow = {
      kind: 'window',
      items,
      margin,
      before: Math.max(0, start - margin),
      after: Math.max(0, virtualizer.getTotalSize() - (end - margin)),
      measure: virtualizer.measureElement,
    }
  }
  const onKeyDown = useRowKeys(count, rowWindow.kind === 'window', bodyRef, (i) => virtualizer.scrollToIndex(i))
  return { bodyRef, rowWindow, onKeyDown }
}

/** The rows to draw: all of them, or the window's, each with its place in the list and, in a window, its top in the body. */
export function drawn<T>(rows: readonly T[], rowWindow: RowWindow): { row: T; index: number; top?: number }[] {
  if (rowWindow.kind === 'all') return rows.map((row, index) => ({ row, index }))
  return rowWindow.items
    .filter((it) => it.index < rows.length)
    .map((it) => ({ row: rows[it.index], index: it.index, top: it.start - rowWindow.margin }))
}

/** Arrows, j/k, Page Up/Down, Home/End move the focus between rows, scrolling a row not yet drawn into view. */
function useRowKeys(count: number, windowed: boolean, bodyRef: RefObject<HTMLElement | null>, scrollTo: (index: number) => void) {
  return useCallback(
    (e: KeyboardEvent<HTMLElement>) => {
      const from = e.target as HTMLElement
      if (from.parentElement !== bodyRef.current || from.dataset.index === undefined || e.ctrlKey || e.metaKey || e.altKey) return
      const here = Number(from.dataset.index)
      const step = ({ ArrowDown: 1, j: 1, ArrowUp: -1, k: -1, PageDown: 10, PageUp: -10 } as Record<string, number>)[e.key]
      const target = e.key === 'Home' ? 0 : e.key === 'End' ? count - 1 : step === undefined ? undefined : here + step
      if (target === undefined) return
      e.preventDefault()
      const index = Math.max(0, Math.min(count - 1, target))
      const find = () => bodyRef.current?.querySelector<HTMLElement>(`:scope > [data-index="${index}"]`)
      if (windowed) scrollTo(index)
      // At once when the row exists, so quick repeated keys each move one row.
      const row = find()
      if (row) row.focus({ preventScroll: windowed })
      else requestAnimationFrame(() => find()?.focus({ preventScroll: true }))
    },
    [count, windowed, bodyRef, scrollTo],
  )
}
