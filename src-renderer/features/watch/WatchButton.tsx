import { useState } from 'react'
import { isHash32 } from '@contract/formats'
import { askNotificationPermissionInHost, useWatchSync } from './sync'
import { useListAction, watchActions } from '../../data/watches'
import type { WatchState } from '@contract/watch'
import { useMainList } from '../../data/useMainList'

/** The live state of one watched intent on the active profile (from the one list query); undefined when not watched. */
export const useWatch = (intentId: string): WatchState | undefined =>
  useMainList('watches').data?.items.find((w) => w.intentId === intentId)

/**
 * Watch / Watching / Unwatch for one intent, usable anywhere an intent id is shown.
 * "Watching" turns into "Unwatch" while pointed at or focused, so the one button both
 * shows the state and undoes it. Not offered for an id that is not an intent id's form:
 * the service could never answer for it.
 */
export function WatchButton({ intentId }: { intentId: string }) {
  return isHash32(intentId) ? <WatchToggle intentId={intentId} /> : null
}

function WatchToggle({ intentId }: { intentId: string }) {
  useWatchSync()
  // One list observer and one mutation per button: a search draws one in each of its rows.
  const watched = useMainList('watches', (m) => m.items.some((w) => w.intentId === intentId)).data ?? false
  const action = useListAction(watchActions, (a, watch: boolean): Promise<unknown> => (watch ? a.add(intentId) : a.remove(intentId)))
  const [armed, setArmed] = useState(false)
  const busy = action.isPending
  const error = action.error?.message ?? null

  const toggle = () => {
    // Asked within the click: browsers refuse to ask outside a user gesture.
    if (!watched) void askNotificationPermissionInHost()
    // Show the new state ("Watching") rather than its undo until the pointer comes back.
    action.mutate(!watched, { onSettled: () => setArmed(false) })
  }

  const label = !watched ? 'Watch' : armed ? 'Unwatch' : 'Watching'
  return (
    <button
      type="button"
      className={`watch-button${watched ? ' watch-button-on' : ''}`}
      aria-pressed={watched}
      aria-label={watched ? `Stop watching intent ${intentId}` : `Watch intent ${intentId} live`}
      title={error ?? (watched ? 'Watched live: click to stop' : 'Follow this intent live and get notified when it finishes')}
      disabled={busy}
      data-intent-id={intentId}
      onClick={(e) => {
        // Rows that open on click must not open when their Watch button is pressed.
        e.stopPropagation()
        toggle()
      }}
      onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && e.stopPropagation()}
      onMouseEnter={() => setArmed(true)}
      onMouseLeave={() => setArmed(false)}
      onFocus={() => setArmed(true)}
      onBlur={() => setArmed(false)}
    >
      {label}
      {error ? <span className="watch-button-error" aria-hidden="true"> ⚠</span> : null}
    </button>
  )
}
