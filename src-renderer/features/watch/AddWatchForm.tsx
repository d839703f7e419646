import { useState, type FormEvent } from 'react'
import { FormField } from '../../components/FormField'
import { askNotificationPermissionInHost } from './browserNotify'
import { useWatches } from './store'
import { isHash32 } from '@contract/formats'


/** What is wrong with the typed id: empty is refused; an unusual shape is flagged but allowed. */
export function checkIntentId(text: string): { error?: string; warning?: string } {
  const id = text.trim()
  if (!id) return { error: 'Enter an intent id' }
  if (!isHash32(id)) return { warning: 'Intent ids are usually 0x followed by 64 hex digits; the service will say if it does not know this one.' }
  return {}
}

export function AddWatchForm() {
  const [text, setText] = useState('')
  const [touched, setTouched] = useState(false)
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const check = checkIntentId(text)

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    setTouched(true)
    if (check.error) return
    // Asked here, within the click: browsers refuse to ask outside a user gesture.
    void askNotificationPermissionInHost()
    setBusy(true)
    const error = await useWatches.getState().add(text.trim())
    setBusy(false)
    setFailure(error?.message ?? null)
    if (!error) {
      setText('')
      setTouched(false)
    }
  }

  return (
    <form className="watch-add toolbar" onSubmit={submit} aria-label="Add a watch">
      <FormField
        label="Add by intent id"
        className="watch-add-field"
        error={touched ? (check.error ?? failure ?? undefined) : (failure ?? undefined)}
        help={text.trim() ? check.warning : undefined}
      >
        <input
          type="text"
          value={text}
          spellCheck={false}
          autoComplete="off"
          placeholder="0x…"
          onChange={(e) => {
            setText(e.target.value)
            setFailure(null)
          }}
        />
      </FormField>
      <button type="submit" disabled={busy}>
        {busy ? 'Adding…' : 'Watch'}
      </button>
    </form>
  )
}
