import { useState, type FormEvent } from 'react'
import { FormField } from '../../components/FormField'
import { askNotificationPermissionInHost } from './browserNotify'
import { checkIntentId, confirmIntentExists } from './confirmIntent'
import { useWatchActions } from './watches'

/** Adds a watch by id: only a well-formed id the service confirms it knows. */
export function AddWatchForm() {
  const [text, setText] = useState('')
  const [touched, setTouched] = useState(false)
  const [busy, setBusy] = useState<null | 'checking' | 'adding'>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const problem = checkIntentId(text)
  const { add } = useWatchActions()

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    setTouched(true)
    if (problem) return
    // Asked here, within the click: browsers refuse to ask outside a user gesture.
    void askNotificationPermissionInHost()
    const id = text.trim()
    setBusy('checking')
    const refused = await confirmIntentExists(id)
    if (!refused) setBusy('adding')
    const error = refused ?? (await add(id))?.message ?? null
    setBusy(null)
    setFailure(error)
    if (!error) {
      setText('')
      setTouched(false)
    }
  }

  return (
    <form className="watch-add toolbar" onSubmit={submit} aria-label="Add a watch">
      <FormField label="Add by intent id" className="watch-add-field" error={(touched ? problem : undefined) ?? failure ?? undefined}>
        <input
          type="text"
          value={text}
          spellCheck={false}
          autoComplete="off"
          placeholder="0x…"
          onBlur={() => text.trim() && setTouched(true)}
          onChange={(e) => {
            setText(e.target.value)
            setFailure(null)
          }}
        />
      </FormField>
      <button type="submit" disabled={busy !== null}>
        {busy === 'checking' ? 'Checking…' : busy === 'adding' ? 'Adding…' : 'Watch'}
      </button>
    </form>
  )
}
