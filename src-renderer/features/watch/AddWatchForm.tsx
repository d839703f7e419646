import { useState, type FormEvent } from 'react'
import { FormField } from '../../components/FormField'
import { checkIntentId, confirmIntentExists } from './confirmIntent'
import { askNotificationPermissionInHost } from './sync'
import { useAddWatch } from '../../data/watches'

/** Adds a watch by id: only a well-formed id the service confirms it knows. */
export function AddWatchForm() {
  const [text, setText] = useState('')
  const [touched, setTouched] = useState(false)
  const [checking, setChecking] = useState(false)
  const [refused, setRefused] = useState<string | null>(null)
  const problem = checkIntentId(text)
  const add = useAddWatch()
  const failure = refused ?? add.error?.message ?? null

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    setTouched(true)
    if (problem) return
    // Asked here, within the click: browsers refuse to ask outside a user gesture.
    void askNotificationPermissionInHost()
    const id = text.trim()
    add.reset()
    setChecking(true)
    const unknown = await confirmIntentExists(id)
    setChecking(false)
    setRefused(unknown ?? null)
    if (unknown) return
    add.mutate(id, {
      onSuccess: () => {
        setText('')
        setTouched(false)
      },
    })
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
            setRefused(null)
            add.reset()
          }}
        />
      </FormField>
      <button type="submit" disabled={checking || add.isPending}>
        {checking ? 'Checking…' : add.isPending ? 'Adding…' : 'Watch'}
      </button>
    </form>
  )
}
