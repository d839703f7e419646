import type { InputHTMLAttributes, KeyboardEvent } from 'react'
import { useDraft } from '../lib/useDraft'

type Props = {
  value: string
  onCommit(v: string): void
  /** Whether the typed text is complete and applies at once (cleared, a known suggestion). */
  commitNow?: (typed: string) => boolean
  /** How typed text is held, e.g. upper-cased codes. */
  normalise?: (typed: string) => string
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'>

/**
 * A text filter applied on Enter or when focus leaves it, so the service is not asked on
 * every key press; at once when `commitNow` says so. Escape puts back the applied value.
 * It follows `value` when that changes (a new URL: `useDraft`).
 */
export function CommittedInput({ value, onCommit, commitNow, normalise = (t) => t, ...input }: Props) {
  const [draft, setDraft] = useDraft(value, value)
  const commit = (typed = draft) => typed.trim() !== value.trim() && onCommit(typed.trim())
  const change = (typed: string) => {
    const next = normalise(typed)
    setDraft(next)
    if (commitNow?.(next)) commit(next)
  }
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault()
      commit()
    }
    if (e.key === 'Escape') setDraft(value)
    input.onKeyDown?.(e)
  }
  return <input {...input} value={draft} onChange={(e) => change(e.target.value)} onBlur={() => commit()} onKeyDown={onKeyDown} />
}
