import { useId, useState, type FormEvent } from 'react'
import { FormField } from '../../../components/FormField'
import { plainOptions, SelectField } from '../../../components/SelectField'
import { countOf } from '../../../lib/format'
import { useDraft } from '../../../lib/useDraft'
import { ALL_NETWORKS, emptyWallet, isBlankWallet, parseWalletLines, validateWallets, type WalletProblems, type WalletRow } from './wallets'

function WalletFields({
  index,
  wallet,
  problems,
  networks,
  onChange,
  onRemove,
}: {
  index: number
  wallet: WalletRow
  problems: WalletProblems
  networks: readonly string[]
  onChange(w: WalletRow): void
  onRemove(): void
}) {
  const n = index + 1
  const field = (key: keyof WalletRow, label: string, extra: Record<string, string> = {}) => (
    <FormField label={`${label} ${n}`} error={problems[key]}>
      <input value={wallet[key]} spellCheck={false} autoComplete="off" onChange={(e) => onChange({ ...wallet, [key]: e.target.value })} {...extra} />
    </FormField>
  )
  // The service's networks (from the markets it lists) once known, with "All networks"; typed text until then.
  // A value from a link that is not among them stays selected, so nothing is lost.
  const networkOptions = [{ value: '', label: 'Pick a network' }, { value: ALL_NETWORKS, label: `All networks (${networks.length})` }, ...plainOptions(networks)]
  return (
    <div className="yield-wallet-row" role="group" aria-label={`Wallet ${n}`}>
      {field('address', 'Address', { placeholder: '0x…', className: 'mono' })}
      {networks.length ? (
        <SelectField label={`Network ${n}`} value={wallet.network} options={networkOptions} error={problems.network} onChange={(network) => onChange({ ...wallet, network })} />
      ) : (
        field('network', 'Network', { placeholder: 'ethereum' })
      )}
      {field('yieldId', 'Yield id', { placeholder: 'Optional: one market' })}
      <button type="button" className="yield-remove" onClick={onRemove} aria-label={`Remove wallet ${n}`}>
        ✕
      </button>
    </div>
  )
}

/** The editor's rows, reset (and unchecked) when the URL's wallets change (`useDraft`); typing does not touch the URL. */
function useWalletRows(initial: readonly WalletRow[]) {
  const initialKey = JSON.stringify(initial)
  const [rows, setRows] = useDraft<WalletRow[]>(initial.length ? [...initial] : [emptyWallet()], initialKey)
  const [checkedOf, setCheckedOf] = useState<string>()
  const checked = checkedOf === initialKey
  const validation = validateWallets(rows)
  const shown = checked ? validation : { rows: rows.map(() => ({})), list: undefined }
  const valid = !validation.list && !validation.rows.some((p) => Object.keys(p).length)
  return { rows, setRows, shown, valid, check: () => setCheckedOf(initialKey) }
}

/** The paste box: good lines become rows, bad ones stay with their message. */
function PasteWallets({ onWallets }: { onWallets(wallets: WalletRow[]): void }) {
  const inputId = useId()
  const [paste, setPaste] = useState('')
  const [problems, setProblems] = useState<string[]>([])
  const addPasted = () => {
    const { wallets, bad } = parseWalletLines(paste)
    if (wallets.length) onWallets(wallets)
    setPaste(bad.map((b) => b.text).join('\n'))
    setProblems(bad.map((b) => `Line ${b.line}: ${b.message}`))
  }
  return (
    <details className="yield-paste">
      <summary>Paste many wallets</summary>
      <div className="field">
        <label htmlFor={inputId}>One per line: address,network[,yieldId]</label>
        <textarea
          id={inputId}
          rows={5}
          className="mono"
          value={paste}
          placeholder={'0xabc…,ethereum\n0xdef…,base,<yield id>'}
          aria-invalid={problems.length > 0}
          onChange={(e) => setPaste(e.target.value)}
        />
        {problems.map((p) => (
          <span key={p} className="field-error">
            {p}
          </span>
        ))}
      </div>
      <button type="button" onClick={addPasted} disabled={!paste.trim()}>
        Add these wallets
      </button>
    </details>
  )
}

/**
 * The wallets to look up: rows of address + network + optional yield id, or many at
 * once pasted as lines. Nothing typed is lost: bad rows stay with a message beside the
 * field, bad pasted lines stay in the paste box.
 */
export function WalletEditor({
  initial,
  networks,
  busy,
  onSubmit,
}: {
  initial: readonly WalletRow[]
  /** Network names seen in markets: the network pickers' options. */
  networks: readonly string[]
  busy: boolean
  onSubmit(wallets: WalletRow[]): void
}) {
  const { rows, setRows, shown, valid, check } = useWalletRows(initial)
  const submit = (e: FormEvent) => {
    e.preventDefault()
    check()
    if (valid) onSubmit(rows.filter((w) => !isBlankWallet(w)))
  }
  return (
    <form className="card yield-wallets" onSubmit={submit} aria-label="Wallets" noValidate>
      <h2>Wallets</h2>
      {rows.map((w, i) => (
        <WalletFields
          key={i}
          index={i}
          wallet={w}
          problems={shown.rows[i] ?? {}}
          networks={networks}
          onChange={(next) => setRows((r) => r.map((x, j) => (j === i ? next : x)))}
          onRemove={() => setRows((r) => (r.length > 1 ? r.filter((_, j) => j !== i) : [emptyWallet()]))}
        />
      ))}
      {shown.list ? <p className="field-error">{shown.list}</p> : null}
      <div className="row">
        <button type="button" onClick={() => setRows((r) => [...r, emptyWallet()])}>
          Add wallet
        </button>
        <button type="submit" className="primary" disabled={busy}>
          {busy ? 'Looking up…' : 'Look up positions'}
        </button>
        <span className="muted small">{countOf(rows.filter((w) => !isBlankWallet(w)).length, 'wallet')}</span>
      </div>
      <PasteWallets onWallets={(wallets) => setRows((r) => [...r.filter((w) => !isBlankWallet(w)), ...wallets])} />
    </form>
  )
}
