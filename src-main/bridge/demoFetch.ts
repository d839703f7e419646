/**
 * The Simulator profile's transport when the demo answers in this process: the client's
 * fetch, handed to the demo's responder instead of a socket. Answers read as the network
 * transport's do (`nodeFetch.ts`): the same size limit, and a connection the simulator
 * would cut fails as a dropped connection.
 */
import { AnswerTooLargeError, DEFAULT_MAX_ANSWER_BYTES, type FetchLike } from '../service/transport'
import { IN_PROCESS_DEMO_ORIGIN } from '../../src-shared/contract/app'
import type { Demo } from './demo'

const connectionReset = () => Object.assign(new Error('the demo closed the connection'), { code: 'ECONNRESET' })

/** A fetch whose requests the responder answers; cut answers fail as a dropped connection would. */
export function demoFetch(respond: NonNullable<Demo['respond']>): FetchLike {
  return async (input, init) => {
    init.signal.throwIfAborted()
    const url = new URL(input)
    if (url.origin !== IN_PROCESS_DEMO_ORIGIN) throw new TypeError(`The in-process demo answers ${IN_PROCESS_DEMO_ORIGIN} only, not ${url.origin}.`)
    const headers = new Map(Object.entries(init.headers).map(([k, v]) => [k.toLowerCase(), v]))
    const answer = await respond({ method: init.method, path: url.pathname + url.search, header: (n) => headers.get(n), body: async () => init.body, signal: init.signal })
    if (answer.cut === 'drop') throw init.signal.aborted ? init.signal.reason : connectionReset()
    const answerHeaders = new Map(Object.entries(answer.headers).map(([k, v]) => [k.toLowerCase(), v]))
    const limit = init.maxAnswerBytes ?? DEFAULT_MAX_ANSWER_BYTES
    return {
      status: answer.status,
      headers: { get: (name) => answerHeaders.get(name.toLowerCase()) ?? null },
      text: async () => {
        if (answer.cut === 'reset') throw connectionReset()
        if (Buffer.byteLength(answer.body) > limit) throw new AnswerTooLargeError(limit, false)
        return answer.body
      },
    }
  }
}
