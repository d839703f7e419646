/**
 * The app's keyboard shortcuts, in one list: the palette shows it when "?" is typed (or
 * pressed anywhere outside a text field), so what is documented is what is wired.
 */
export const SHORTCUTS: ReadonlyArray<{ keys: string; does: string }> = [
  { keys: 'Ctrl/⌘ K', does: 'Open or close this palette' },
  { keys: '/', does: 'Go to the search box (opens Search)' },
  { keys: '?', does: 'Show these shortcuts' },
  { keys: '↑ ↓ or j k', does: 'Move between table rows' },
  { keys: 'Page Up/Down, Home, End', does: 'Jump through History’s rows' },
  { keys: 'Enter', does: 'Open the focused row’s intent, or run the palette’s highlighted action' },
  { keys: 'Space', does: 'Select the focused History row (for export)' },
  { keys: 'Escape', does: 'Close the palette, History’s details panel, pop-ups and confirmations' },
]

/** The id of Search's universal box, which "/" focuses. */
export const SEARCH_BOX_ID = 'search-universal-input'

/** Keys typed into a field are text, not shortcuts. */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  if (target.isContentEditable) return true
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true
  return target instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit', 'reset'].includes(target.type)
}

/** A plain key (no Ctrl, ⌘ or Alt) pressed outside a text field. */
export const isBareKey = (e: KeyboardEvent, key: string) => e.key === key && !e.ctrlKey && !e.metaKey && !e.altKey && !isTyping(e.target)
