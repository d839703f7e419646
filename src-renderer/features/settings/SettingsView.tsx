import { useState, type FormEvent } from 'react'
import type { CheckOutcome, ConnectionCheck, ConnectionTest, ProfileView } from '@contract/app'
import { IN_PROCESS_DEMO_ORIGIN, ProfileInputSchema, isInsecureServiceUrl } from '@contract/app'
import { CHECK_LABEL, checkOutcome, checksSummaryLine } from '@contract/checks'
import { SPEC_DIALECT, type WireDialect } from '@contract/dialect'
import type { SvcError } from '@contract/errors'
import { Checkbox } from '../../components/Checkbox'
import { ErrorNotice } from '../../components/ErrorNotice'
import { FormField } from '../../components/FormField'
import { useActivateProfile, useRemoveProfile, useSaveProfile, useTestConnection } from '../../data/settings'
import { useConnection } from '../../stores/connection'
import { DialectFields } from './DialectFields'
import { DisplaySettings } from './DisplaySettings'
import { RecorderSettings } from '../yield'
import { KeyForm, originOf } from './KeyForm'
import { ProfileTransfer } from './ProfileTransfer'
import { dialectSummary, draftOfDialect, parseDialectDraft, sameDialect } from './dialectDraft'
import { keyCustodyText } from './keyCustody'
import { ViewHeader } from '../../components/ViewHeader'

type Draft = { id?: string; name: string; baseUrl: string; allowInsecureHttp?: boolean; hasKey?: boolean; dialect?: WireDialect }

/** A new profile's access key, entered with it (optional): stored once the profile is saved. */
function NewProfileKey({ value, onChange, plainTextBackend, allowPlain, onAllowPlain }: { value: string; onChange(v: string): void; plainTextBackend: boolean; allowPlain: boolean; onAllowPlain(v: boolean): void }) {
  return (
    <div className="grid-form">
      <FormField label="Access key" help="Optional; sent only to this profile's service URL. You can also enter it later on the profile's card.">
        <input type="password" autoComplete="off" value={value} placeholder="Paste the access key" onChange={(e) => onChange(e.target.value)} />
      </FormField>
      {plainTextBackend && value ? (
        <Checkbox label="Store without OS encryption" checked={allowPlain} onChange={onAllowPlain} />
      ) : null}
    </div>
  )
}

function ProfileForm({ initial, onDone, plainTextBackend }: { initial: Draft; onDone: () => void; plainTextBackend: boolean }) {
  const [draft, setDraft] = useState(initial)
  const [key, setKey] = useState('')
  const [allowPlain, setAllowPlain] = useState(false)
  // Said before saving: main forgets the key when the profile's origin changes.
  const dropsKey = !!initial.hasKey && URL.canParse(draft.baseUrl) && originOf(draft.baseUrl) !== originOf(initial.baseUrl)
  const insecure = isInsecureServiceUrl(draft.baseUrl) && draft.baseUrl.trim() !== initial.baseUrl
  const [wire, setWire] = useState(() => draftOfDialect(initial.dialect))
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [failure, setFailure] = useState<SvcError | null>(null)
  const saving = useSaveProfile()

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const { hasKey: _hasKey, dialect: loaded = SPEC_DIALECT, ...input } = draft
    const parsed = ProfileInputSchema.safeParse(input)
    const dialect = parseDialectDraft(wire)
    if (!parsed.success || !dialect.ok) {
      const fieldErrors = parsed.success ? [] : parsed.error.issues.map((i) => [String(i.path[0]), i.message])
      setErrors({ ...Object.fromEntries(fieldErrors), ...(dialect.ok ? {} : dialect.errors) })
      return
    }
    setErrors({})
    // Sent only when edited: main keeps a profile's wire form when none is given.
    const changed = sameDialect(dialect.dialect, loaded) ? undefined : dialect.dialect
    // A key refused leaves the form on the saved profile, so saving again edits it.
    const profile = { ...input, allowInsecureHttp: insecure ? !!draft.allowInsecureHttp : undefined, ...(changed && { dialect: changed }) }
    const r = await saving.mutateAsync({ profile, key, allowPlain })
    if (r.saved && !r.error) return onDone()
    if (r.saved) setDraft({ ...draft, id: r.saved.id })
    setFailure(r.error ?? null)
  }

  return (
    <form className="card" onSubmit={submit} aria-label={initial.id ? 'Edit profile' : 'New profile'} noValidate>
      <h2>{initial.id ? `Edit ${initial.name}` : 'New profile'}</h2>
      <div className="grid-form">
        <FormField label="Name" error={errors.name}>
          <input value={draft.name} onChange={(e) => setDraft({ ...draft, name: e.target.value })} autoFocus />
        </FormField>
        <FormField label="Service URL" error={errors.baseUrl}>
          <input
            value={draft.baseUrl}
            placeholder="https://service.example.com"
            onChange={(e) => setDraft({ ...draft, baseUrl: e.target.value })}
          />
        </FormField>
      </div>
      {initial.id ? null : <NewProfileKey value={key} onChange={setKey} plainTextBackend={plainTextBackend} allowPlain={allowPlain} onAllowPlain={setAllowPlain} />}
      <DialectFields draft={wire} errors={errors} onChange={setWire} />
      {insecure ? (
        <Checkbox
          className="row"
          label="This is plain http to another machine: every call, and the access key, would travel unencrypted. I accept that."
          checked={!!draft.allowInsecureHttp}
          onChange={(allowInsecureHttp) => setDraft({ ...draft, allowInsecureHttp })}
        />
      ) : null}
      {dropsKey ? (
        <p className="muted" role="note">
          The stored access key was entered for {originOf(initial.baseUrl)} and will be removed when this profile points
          elsewhere; enter it again after saving if the new service uses it.
        </p>
      ) : null}
      {failure ? <ErrorNotice error={failure} /> : null}
      <div className="row" style={{ marginTop: 10 }}>
        <button type="submit" className="primary">
          Save profile
        </button>
        <button type="button" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  )
}

const TONE: Record<CheckOutcome, string> = { passed: 'tone-ok', failed: 'tone-bad', rateLimited: 'tone-warn', warning: 'tone-warn', absent: 'tone-neutral' }

/**
 * Every read operation a connection test ran — OK, FAIL, RATE-LIMITED (apart from the
 * failures), WARN or ABSENT (an optional operation this service lacks) — with what was
 * found or why: the same list `npm run doctor` prints, so support can compare the two.
 */
function ConnectionChecks({ checks }: { checks: readonly ConnectionCheck[] }) {
  if (checks.length === 0) return null
  return (
    <ul className="connection-checks" aria-label="Connection checks">
      {checks.map((c) => {
        const o = checkOutcome(c)
        return (
          <li key={c.operation} data-testid={`check-${c.operation}`} data-outcome={o}>
            <span className={`badge ${TONE[o]}`}>{CHECK_LABEL[o]}</span> <code>{c.operation}</code>
            {o === 'passed' ? ' ' : ': '}
            <span className={o === 'failed' ? 'tone-bad' : 'muted'}>{c.detail}</span>
            {c.error?.name ? <span className="muted small"> ({c.error.name}{c.error.code !== undefined ? ` ${c.error.code}` : ''})</span> : null}
            {c.ms > 0 ? <span className="muted small"> · {c.ms} ms</span> : null}
          </li>
        )
      })}
    </ul>
  )
}

function ConnectionTester({ profileId }: { profileId: string }) {
  const test = useTestConnection()
  const t: ConnectionTest | undefined = test.isSuccess ? test.data : undefined
  return (
    <div>
      <button type="button" onClick={() => test.mutate(profileId)} disabled={test.isPending}>
        {test.isPending ? 'Testing…' : 'Test connection'}
      </button>
      {t ? (
        <span role="status" className="muted">
          {' '}
          Connected: {t.chains} chains in {t.ms} ms · {checksSummaryLine(t.checks)}
        </span>
      ) : null}
      {t ? <ConnectionChecks checks={t.checks} /> : null}
      {test.error ? <ErrorNotice error={test.error} /> : null}
    </div>
  )
}

export function SettingsView() {
  const info = useConnection((s) => s.info)
  const [editing, setEditing] = useState<Draft | null>(null)
  const activation = useActivateProfile()
  const removal = useRemoveProfile()
  const failure = activation.error ?? removal.error

  if (!info) return <p className="muted">Loading settings…</p>
  const plainText = !info.keyStorage.encrypted

  const activate = (id: string) => {
    removal.reset()
    activation.mutate(id)
  }
  const remove = (p: ProfileView) => {
    if (!window.confirm(`Remove the profile “${p.name}” and its stored access key?`)) return
    activation.reset()
    removal.mutate(p.id)
  }

  return (
    <section className="view" aria-labelledby="settings-title">
      <ViewHeader title="Settings" titleId="settings-title">
        <button type="button" onClick={() => setEditing({ name: '', baseUrl: '' })}>
          Add profile
        </button>
      </ViewHeader>
      <p className="muted" data-testid="key-custody">
        {keyCustodyText(info.keyStorage)}
      </p>
      <ProfileTransfer profiles={info.profiles} plainTextBackend={plainText} />
      {failure ? <ErrorNotice error={failure} /> : null}
      {editing ? <ProfileForm initial={editing} onDone={() => setEditing(null)} plainTextBackend={plainText} /> : null}
      {info.profiles.map((p) => (
        <div className="card" key={p.id} data-testid={`profile-${p.id}`}>
          <div className="row" style={{ justifyContent: 'space-between' }}>
            <label className="row">
              <input
                type="radio"
                name="active-profile"
                checked={p.id === info.activeProfileId}
                onChange={() => activate(p.id)}
                aria-label={`Use ${p.name}`}
              />
              <strong>
                <bdi>{p.name}</bdi>
              </strong>
              {p.builtIn ? <span className="badge">Simulated data</span> : null}
              {p.builtIn && p.baseUrl === IN_PROCESS_DEMO_ORIGIN ? (
                <span className="muted">in-process demo (nothing on the network)</span>
              ) : (
                <code className="muted" dir="ltr">
                  {p.baseUrl}
                </code>
              )}
            </label>
            {p.builtIn ? null : (
              <div className="row">
                <button type="button" onClick={() => setEditing({ id: p.id, name: p.name, baseUrl: p.baseUrl, hasKey: p.hasKey, dialect: p.dialect })}>
                  Edit
                </button>
                <button type="button" onClick={() => remove(p)}>
                  Remove
                </button>
              </div>
            )}
          </div>
          <p className="muted small" data-testid={`wire-form-${p.id}`}>
            {dialectSummary(p.dialect)}
          </p>
          {p.builtIn ? null : <KeyForm profile={p} plainTextBackend={plainText} />}
          <ConnectionTester profileId={p.id} />
        </div>
      ))}
      <DisplaySettings />
      <RecorderSettings />
    </section>
  )
}
