/**
 * A minimal client for exercising the simulator in tests: plain fetch, lossless JSON.
 * Deliberately independent of the app's own service client.
 */
import { parseJson } from './wire'

export interface RawAnswer {
  status: number
  headers: Headers
  text: string
}

export interface Answer<T = any> extends RawAnswer {
  body: T
}

export interface CallOptions {
  key?: string | null
  method?: string
  signal?: AbortSignal
  /** Send this text as the body instead of JSON-encoding `body`. */
  rawBody?: string
}

export async function post(baseUrl: string, path: string, body: unknown, o: CallOptions = {}): Promise<RawAnswer> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' }
  const key = o.key === undefined ? 'demo-key' : o.key
  if (key !== null) headers['X-Access-Key'] = key
  const method = o.method ?? 'POST'
  const res = await fetch(baseUrl + path, {
    method,
    headers,
    body: method === 'GET' || method === 'HEAD' ? undefined : (o.rawBody ?? JSON.stringify(body, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))),
    signal: o.signal,
  })
  return { status: res.status, headers: res.headers, text: await res.text() }
}

/** Calls `/rpc/Svc/<op>` and parses the answer losslessly (big integers become bigint). */
export async function rpc<T = any>(baseUrl: string, op: string, body: unknown = {}, o: CallOptions = {}): Promise<Answer<T>> {
  const raw = await post(baseUrl, `/rpc/Svc/${op}`, body, o)
  return { ...raw, body: parseJson(raw.text) as T }
}

export async function admin<T = any>(baseUrl: string, route: string, body: unknown = {}): Promise<Answer<T>> {
  const raw = await post(baseUrl, `/__sim/${route}`, body, { key: null })
  return { ...raw, body: parseJson(raw.text) as T }
}

/**
 * Every page of a GetIntentHistory query, following nextPage until `more` is false.
 * Parsed with plain JSON.parse: walks read ids and cursors, not amounts, and it is faster.
 */
export async function walkHistory(baseUrl: string, request: Record<string, unknown>, pageSize = 100): Promise<any[]> {
  const out: any[] = []
  let page: unknown = { pageSize, ...((request.page as object) ?? {}) }
  for (let guard = 0; guard < 10_000; guard++) {
    const raw = await post(baseUrl, '/rpc/Svc/GetIntentHistory', { ...request, page })
    if (raw.status !== 200) throw new Error(`GetIntentHistory answered ${raw.status}: ${raw.text}`)
    const body = JSON.parse(raw.text)
    out.push(...body.intents)
    if (!body.nextPage?.more) return out
    page = body.nextPage
  }
  throw new Error('history walk did not end')
}
