import { EmptyState } from '../../components/EmptyState'
import { useClearFinishedWatches, useSetNotificationsMuted } from '../../data/watches'
import { WatchedFiltersLink } from '../queryWatch'
import { useCacheStatus } from '../../stores/cache'
import { useConnection } from '../../stores/connection'
import { NotificationAccessButton } from './NotificationAccessButton'
import { AddWatchForm } from './AddWatchForm'
import { MirrorList } from './MirrorList'
import { useListPage } from './useListPage'
import { WatchBoard } from './WatchBoard'
import { ViewHeader } from '../../components/ViewHeader'
import { Checkbox } from '../../components/Checkbox'

/** The count of watches, or, while working offline, that watching is paused. */
function BoardStatus({ running, finished }: { running: number; finished: number }) {
  const offline = useCacheStatus((s) => s.forcedOffline)
  const counts = running + finished ? `${running} live, ${finished} finished` : 'Nothing watched'
  return (
    <p className="muted small" role="status">
      {offline
        ? `Paused while working offline: the service is not asked, and each watch shows where it was last heard${running + finished ? ` (${running + finished} watched)` : ''}.`
        : counts}
    </p>
  )
}

export function WatchView() {
  const { list, told, notice } = useListPage('watches')
  const watches = list.data?.items ?? []
  const muted = list.data?.notificationsMuted ?? false
  const profileId = useConnection((s) => s.info?.activeProfileId)
  const finished = watches.filter((w) => w.phase === 'done').length
  const running = watches.length - finished
  const clearFinished = useClearFinishedWatches()
  const setNotificationsMuted = useSetNotificationsMuted()
  const failed = list.isError && !list.data

  return (
    <section className="view" aria-labelledby="watch-title">
      <ViewHeader title="Watch" titleId="watch-title" subtitle={<BoardStatus running={running} finished={finished} />}>
        <div className="toolbar">
          <WatchedFiltersLink />
          <Checkbox
            className="watch-mute-all"
            label="Mute all notifications"
            checked={muted}
            disabled={setNotificationsMuted.isPending}
            onChange={(on) => setNotificationsMuted.mutate(on, told)}
          />
          <NotificationAccessButton hostOnly about="to be told when watches finish" />
          <button type="button" onClick={() => clearFinished.mutate(undefined, told)} disabled={!finished || clearFinished.isPending}>
            {clearFinished.isPending ? 'Clearing…' : `Clear finished${finished ? ` (${finished})` : ''}`}
          </button>
        </div>
      </ViewHeader>
      <AddWatchForm />
      {notice}
      {failed && profileId ? <MirrorList profileId={profileId} /> : null}
      {list.isPending && !failed ? <p className="muted">Loading watches…</p> : null}
      {list.isSuccess && !watches.length ? (
        <EmptyState title="No intents watched">
          Add an intent id above, or press <strong>Watch</strong> on an intent in Search, History or on the intent page (the command palette
          can too). Watched intents are followed live, even while this view is closed, and you are notified when one succeeds, fails or is
          refunded.
        </EmptyState>
      ) : null}
      {watches.length ? <WatchBoard watches={watches} told={told} /> : null}
    </section>
  )
}
