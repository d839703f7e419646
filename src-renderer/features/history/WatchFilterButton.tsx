import { useId, useState } from 'react'
import { Link } from 'react-router'
import { QUERY_WATCH_INTERVALS_MS, QUERY_WATCH_LIMITS } from '@contract/queryWatchNotice'
import { useChainsById } from '../../lib/displaySources'
import { describeQuery, intervalText, useAddQueryWatch } from '../queryWatch'
import { askNotificationPermissionInHost } from '../watch'
import { DEFAULT_SETTINGS, historyParams, validate, type HistoryFilterDraft } from './filters'

/** "Watch this filter": the filters in force (not the form's unapplied edits) as a watched query main polls. */
export function WatchFilterButton({ applied }: { applied: HistoryFilterDraft }) {
  const [intervalMs, setIntervalMs] = useState<number>(QUERY_WATCH_LIMITS.defaultIntervalMs)
  const byId = useChainsById()
  const selectId = useId()
  const valid = validate(applied)
  const add = useAddQueryWatch()
  const saved = add.data

  const save = () => {
    if (!valid.ok) return
    // In the browser host the page shows the notices: asked within the click, as browsers require.
    void askNotificationPermissionInHost()
    const name = describeQuery(valid.query, byId)
    add.mutate({ name, query: valid.query, historyParams: historyParams(applied, DEFAULT_SETTINGS).toString(), intervalMs })
  }

  return (
    <span className="row small watch-filter">
      <label htmlFor={selectId}>Poll every</label>
      <select id={selectId} value={intervalMs} onChange={(e) => setIntervalMs(Number(e.target.value))}>
        {QUERY_WATCH_INTERVALS_MS.map((ms) => (
          <option key={ms} value={ms}>
            {intervalText(ms)}
          </option>
        ))}
      </select>
      <button
        type="button"
        disabled={!valid.ok || add.isPending}
        title={valid.ok ? 'Poll these filters and be told of new matching intents, status changes and intents that stop matching' : 'Apply valid filters first'}
        onClick={save}
      >
        Watch this filter
      </button>
      {add.isPending ? <span role="status">Saving…</span> : null}
      {add.isError ? (
        <span role="status" className="field-error">
          {add.error.message}
        </span>
      ) : null}
      {saved && add.isSuccess ? (
        <span role="status">
          Watching “{saved.name}” — <Link to={`/watch/queries?focus=${encodeURIComponent(saved.id)}`}>see watched filters</Link>
        </span>
      ) : null}
    </span>
  )
}
