import { classifyInput } from '../../lib/classifyInput'
import { FIELD_BY_KEY, nounsOf, searchParams, shortValue as short } from './filters'
import { paramsForUniversal, universalCandidates, universalFilters } from './plan'

/** What the command palette offers for what was typed or pasted. */
export type PaletteAction =
  | { id: string; label: string; kind: 'navigate'; to: string }
  | { id: string; label: string; kind: 'watch'; intentId: string }

type PaletteView = { label: string; to: string }

const searchPath = (params: URLSearchParams) => `/search?${params.toString()}`

/**
 * Actions for the input, most likely first: views whose name matches the text, then for
 * a hash opening the intent, then searching the value everywhere its shape allows or as
 * one filter, then (for a hash) watching it. Blank input lists the views.
 */
export function paletteActions(raw: string, views: readonly PaletteView[]): PaletteAction[] {
  const input = classifyInput(raw)
  const out: PaletteAction[] = []
  if (input.kind === 'hash') {
    out.push({ id: 'open', label: `Open intent ${short(input.value)}`, kind: 'navigate', to: `/intent/${encodeURIComponent(input.value)}` })
  }
  const filters = universalFilters(input)
  if (filters.length > 1)
    out.push({
      id: 'search-all',
      label: `Search “${short(input.value)}” as ${nounsOf(filters)}`,
      kind: 'navigate',
      to: searchPath(paramsForUniversal(input.value)),
    })
  for (const { as, request } of universalCandidates(input))
    out.push({
      id: `search-${as}`,
      label: as === 'byQueryString' ? `Search text “${short(input.value)}”` : `Search as ${FIELD_BY_KEY[as!].noun}`,
      kind: 'navigate',
      to: searchPath(searchParams(request)),
    })
  if (input.kind === 'hash') out.push({ id: 'watch', label: `Watch intent ${short(input.value)}`, kind: 'watch', intentId: input.value })

  const needle = input.kind === 'text' ? input.value.toLowerCase() : ''
  const goTo: PaletteAction[] = views
    .filter((v) => input.kind === 'empty' || (needle && v.label.toLowerCase().includes(needle)))
    .map((v) => ({ id: `go-${v.to}`, label: `Go to ${v.label}`, kind: 'navigate', to: v.to }))
  // Typing a view's name most likely means going there rather than searching for the word.
  return [...goTo, ...out]
}
