import { useSearchParams } from 'react-router'

/** One parameter of the page's URL ('' when absent) and its setter: '' removes it, and a change replaces the history entry. */
export function useUrlParam(key: string): [string, (value: string) => void] {
  const [params, setParams] = useSearchParams()
  const set = (value: string) => setParams((p) => (value ? p.set(key, value) : p.delete(key), p), { replace: true })
  return [params.get(key) ?? '', set]
}
