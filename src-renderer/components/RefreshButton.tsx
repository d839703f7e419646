/** Reads a view's query again; "Loading…" and disabled while it loads. */
export function RefreshButton({ query }: { query: { status: string; reload(): void } }) {
  const loading = query.status === 'loading'
  return (
    <button type="button" onClick={query.reload} disabled={loading}>
      {loading ? 'Loading…' : 'Refresh'}
    </button>
  )
}
