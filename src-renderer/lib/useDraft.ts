import { useState } from 'react'

/**
 * An editable copy of `value` that starts again from it whenever `value` changes (a new
 * URL: back, a bookmark), while typing leaves `value` alone. The reset happens while
 * rendering, so a stale draft never shows. `key` tells changes apart (the JSON of `value` unless given).
 */
export function useDraft<T>(value: T, key: string = JSON.stringify(value)) {
  const [draft, setDraft] = useState(value)
  const [draftOf, setDraftOf] = useState(key)
  if (draftOf !== key) {
    setDraftOf(key)
    setDraft(value)
  }
  return [draft, setDraft] as const
}
