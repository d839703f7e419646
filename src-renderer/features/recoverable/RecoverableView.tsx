import { useEffect, useMemo, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import type { SvcError } from '@contract/errors'
import { CachedNotice, DataAge } from '../../components/CachedNotice'
import { EmptyState } from '../../components/EmptyState'
import { ErrorNotice } from '../../components/ErrorNotice'
import { FormField } from '../../components/FormField'
import { Hex } from '../../components/Hex'
import { datedFilename, downloadText } from '../../lib/download'
import { formatUsd } from '../../lib/format'
import { useOfflineMode } from '../../stores/cache'
import { useChainsById } from '../../data/reference/chains'
import { chainName } from '../../lib/chains'
import { useConnection } from '../../stores/connection'
import { loadWalletFromCache, loadWalletFromService, WALLET_CAP, type WalletEntries } from './load'
import { amountOf, recoverableCsv, recoverableTotals, walletValue, type TokenTotal } from './totals'
import { PricedUsd } from '../../components/PricedUsd'
import { usePriceBook } from '../../stores/priceBook'
import { ViewHeader } from '../../components/ViewHeader'
import { plainTokenProblem } from '@contract/formats'

type Loaded = WalletEntries & { owner: string; fromCache: boolean; at: number | undefined }

function useWallet(owner: string, nonce: number) {
  const profileId = useConnection((s) => s.info?.activeProfileId)
  const offline = useOfflineMode()
  const [state, setState] = useState<{ loading: boolean; loaded?: Loaded }>({ loading: false })
  useEffect(() => {
    if (!owner || !profileId) return
    let live = true
    setState((s) => ({ ...s, loading: true }))
    void (async () => {
      let got: WalletEntries | undefined = offline ? undefined : await loadWalletFromService(owner)
      const error: SvcError | undefined = got?.error
      const fromCache = !got || (!!error && !got.entries.length)
      if (fromCache) got = { ...(await loadWalletFromCache(profileId, owner).catch(() => ({ entries: [], complete: true }))), error }
      // From the cache, the time shown is when the entries were fetched, not when they were read.
      if (live) setState({ loading: false, loaded: { ...got!, owner, fromCache, at: fromCache ? got!.fetchedAt : Date.now() } })
    })()
    return () => {
      live = false
    }
  }, [owner, profileId, offline, nonce])
  return state
}

function TotalCard({ t }: { t: TokenTotal }) {
  const chains = useChainsById()
  return (
    <details className="card recoverable-total" data-token-key={t.key}>
      <summary>
        <strong>{amountOf(t.total, t)}</strong> on {chainName(chains, t.chainId)} · <PricedUsd sum={t.value} label={`USD value of ${t.symbol ?? t.key}`} /> · {t.parts.length} intent{t.parts.length > 1 ? 's' : ''}
      </summary>
      <ul aria-label={`Intents behind ${t.symbol ?? t.key}`}>
        {t.parts.map((p) => (
          <li key={`${p.intentId}|${p.intentAddress}`}>
            <Link to={`/intent/${encodeURIComponent(p.intentId)}`} data-intent={p.intentId}>
              <Hex value={p.intentId} />
            </Link>{' '}
            {p.status} — {amountOf(p.balance, t)} {p.usd !== undefined ? `(${formatUsd(p.usd)})` : ''} at <Hex value={p.intentAddress} kind="address" chainId={t.chainId} />
          </li>
        ))}
      </ul>
    </details>
  )
}

/** Shows the wallet, unless it is a look-alike of an address: then only says why. */
function showWallet(owner: string, setParams: (p: Record<string, string>) => void, setProblem: (p: string | undefined) => void) {
  const problem = plainTokenProblem(owner)
  if (problem) setProblem(`This address ${problem}`)
  else setParams({ owner })
}

export function RecoverableView() {
  const [params, setParams] = useSearchParams()
  const owner = (params.get('owner') ?? '').trim()
  const [draft, setDraft] = useState(owner)
  const [nonce, setNonce] = useState(0)
  // A look-alike of an address (a Cyrillic “с” for “c”) is refused, from the box or a link.
  const [problem, setProblem] = useState<string>()
  const refused = plainTokenProblem(owner)
  const { loading, loaded } = useWallet(refused ? '' : owner, nonce)
  // Valued at the profile's one price source, as every other view values the same tokens.
  const book = usePriceBook(useConnection((s) => s.info?.activeProfileId))
  const totals = useMemo(() => (loaded && loaded.owner === owner ? recoverableTotals(loaded.entries, book) : []), [loaded, owner, book])

  return (
    <section className="view recoverable-view" aria-labelledby="recoverable-title">
      <ViewHeader title="Recoverable funds" titleId="recoverable-title">
        <form className="toolbar" onSubmit={(e) => (e.preventDefault(), showWallet(draft.trim(), setParams, setProblem))}>
          <FormField label="Wallet (owner address)" error={problem ?? (refused && draft.trim() === owner ? `This address ${refused}` : undefined)}>
            <input value={draft} onChange={(e) => (setDraft(e.target.value), setProblem(undefined))} placeholder="0x…" spellCheck={false} />
          </FormField>
          <button type="submit" disabled={!draft.trim()}>Show</button>
          <button type="button" disabled={!owner || loading} onClick={() => setNonce((n) => n + 1)}>Refresh</button>
          <button type="button" disabled={!totals.length} onClick={() => downloadText(recoverableCsv(totals), datedFilename('recoverable-funds-by-token', 'csv'), 'text/csv')}>Export CSV</button>
        </form>
      </ViewHeader>
      {loaded?.fromCache ? <CachedNotice fetchedAt={loaded.at} /> : loaded?.at ? <p className="data-age-line"><DataAge fetchedAt={loaded.at} /></p> : null}
      {loaded?.error ? <ErrorNotice error={loaded.error} onRetry={() => setNonce((n) => n + 1)} /> : null}
      {!owner ? <EmptyState title="Which wallet?">Enter an owner address to total the funds its failed or aborted intents left behind, by chain and token.</EmptyState> : null}
      {owner && loading && !totals.length ? <p className="muted">Reading the wallet's recoverable intents…</p> : null}
      {owner && loaded && !loading ? (
        <p className="muted small" role="status" aria-label="Wallet summary">
          {totals.length ? (
            <>
              <PricedUsd sum={walletValue(totals)} label="USD value of the wallet's recoverable funds" /> in {totals.length} token{totals.length > 1 ? 's' : ''} across {new Set(totals.flatMap((t) => t.parts.map((p) => p.intentId))).size} intents
            </>
          ) : (
            'Nothing recoverable'
          )}
          {loaded.fromCache ? ' (from the cache)' : ''}
          {!loaded.complete ? `; the first ${WALLET_CAP} intents only` : ''}.
        </p>
      ) : null}
      {totals.map((t) => <TotalCard key={t.key} t={t} />)}
    </section>
  )
}
