/// <reference lib="webworker" />
import { answerStatsRequest, type StatsRequest } from './routeStatsCompute'

/**
 * The route-statistics worker: reading 100,000 cached rows and sorting their durations
 * takes a second or two of CPU, which on the page would freeze scrolling and input.
 */
const scope = self as unknown as DedicatedWorkerGlobalScope
scope.onmessage = (event: MessageEvent<StatsRequest>) => answerStatsRequest(event.data, (reply) => scope.postMessage(reply))
