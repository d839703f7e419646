import { useCallback, useState } from 'react'
import { orElse } from '@contract/errors'

/** `session`: survives a reload of the window; `local`: also a restart of the app. */
export type Keep = 'session' | 'local'

const storeOf = (keep: Keep): Storage => (keep === 'local' ? localStorage : sessionStorage)

const read = <T>(key: string, initial: T, keep: Keep): T =>
  orElse(() => {
    const text = storeOf(keep).getItem(key)
    return text === null ? initial : (JSON.parse(text) as T)
  }, initial)

/**
 * State that survives a reload of the window (but not closing it): drafts a person is
 * part-way through. With `keep: 'local'` it survives a restart of the app too. A value
 * that cannot be stored still works for this session.
 */
export function useSessionState<T>(key: string, initial: T, keep: Keep = 'session'): [T, (value: T) => void] {
  const [value, setValue] = useState<T>(() => read(key, initial, keep))
  const set = useCallback(
    (next: T) => {
      setValue(next)
      // Storage full or disabled: the in-memory value is kept.
      orElse(() => {
        const store = storeOf(keep)
        if (next === undefined || next === null) store.removeItem(key)
        else store.setItem(key, JSON.stringify(next))
      }, undefined)
    },
    [key, keep],
  )
  return [value, set]
}
