/// <reference lib="webworker" />
import { computeRouteStats, type StatsReply, type StatsRequest } from './routeStatsCompute'

/**
 * The route-statistics worker: reading 100,000 cached rows and sorting their durations
 * takes a second or two of CPU, which on the page would freeze scrolling and input.
 */
const scope = self as unknown as DedicatedWorkerGlobalScope
const post = (reply: StatsReply) => scope.postMessage(reply)

scope.onmessage = (event: MessageEvent<StatsRequest>) => {
  const req = event.data
  computeRouteStats(req, (read) => post({ id: req.id, type: 'progress', read }))
    .then((done) => post({ id: req.id, type: 'done', ...done }))
    .catch((e: unknown) => post({ id: req.id, type: 'error', message: e instanceof Error ? e.message : String(e) }))
}
