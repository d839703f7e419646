/** Pastes of more lines than this go into the keys field as its new value (see `pastedValue`). */
export const EDITOR_PASTE_LINES = 20

/**
 * The field's text after a paste of `pasted` over the selection [start, end), or undefined
 * to leave a short paste to the browser's editor. Inserting a ticket's column of keys
 * through the editor is one long task of the window (200 lines: 150-400 ms in Chromium,
 * which lays the field out again line by line); setting the value takes a few ms. Like a
 * dropped file, such a paste is not on the field's undo list.
 */
export function pastedValue(value: string, start: number, end: number, pasted: string): string | undefined {
  let lines = 1
  for (let i = pasted.indexOf('\n'); i !== -1 && lines <= EDITOR_PASTE_LINES; i = pasted.indexOf('\n', i + 1)) lines++
  if (lines <= EDITOR_PASTE_LINES) return undefined
  const from = Math.max(0, Math.min(start, end, value.length))
  const to = Math.min(value.length, Math.max(start, end))
  return value.slice(0, from) + pasted + value.slice(to)
}
