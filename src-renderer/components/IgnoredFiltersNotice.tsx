import { ignoredFiltersNotice } from '@contract/filterCheck'

/**
 * “The service ignored: byStatus”: filters a list was asked for that the service's rows
 * show it did not apply. The view applies them itself; this says so, and what it costs.
 */
export function IgnoredFiltersNotice({ ignored }: { ignored: readonly string[] }) {
  if (!ignored.length) return null
  return (
    <p className="notice notice-warn ignored-filters" role="status" data-testid="ignored-filters" data-ignored={ignored.join(' ')}>
      {ignoredFiltersNotice(ignored)}
    </p>
  )
}
