import { useCallback, useState } from 'react'

const read = <T>(key: string, initial: T): T => {
  try {
    const text = sessionStorage.getItem(key)
    return text === null ? initial : (JSON.parse(text) as T)
  } catch {
    return initial
  }
}

/**
 * State that survives a reload of the window (but not closing it): drafts a person is
 * part-way through. A value that cannot be stored still works for this session.
 */
export function useSessionState<T>(key: string, initial: T): [T, (value: T) => void] {
  const [value, setValue] = useState<T>(() => read(key, initial))
  const set = useCallback(
    (next: T) => {
      setValue(next)
      try {
        if (next === undefined || next === null) sessionStorage.removeItem(key)
        else sessionStorage.setItem(key, JSON.stringify(next))
      } catch {
        // storage full or disabled: keep the in-memory value
      }
    },
    [key],
  )
  return [value, set]
}
