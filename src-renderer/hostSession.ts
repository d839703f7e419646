/**
 * The browser host's session credential, as the page obtains and keeps it.
 *
 * The launch URL carries a single-use launch secret (`?token=`). The page takes it out of
 * the address bar at once, trades it with `POST /session` for a session credential, and
 * keeps that in this origin's localStorage, which no page on another port can read
 * (storage belongs to scheme, host and port; cookies would go to every port). Bridge
 * calls send it as `Authorization: Bearer`; the event stream, which cannot send headers,
 * names it in its URL. A reload or a new tab on the same origin finds it in storage.
 */
import { orElse } from '@contract/errors'

const STORAGE_KEY = 'intent-explorer.host-session'

export interface SessionEnv {
  location: Pick<Location, 'search' | 'pathname' | 'hash'>
  history: Pick<History, 'replaceState' | 'state'>
  storage: Pick<Storage, 'getItem' | 'setItem'> | undefined
  fetch: typeof fetch
}

const browserEnv = (fetchImpl: typeof fetch): SessionEnv => ({
  location: window.location,
  history: window.history,
  storage: orElse(() => window.localStorage, undefined),
  fetch: fetchImpl,
})

/** Removes the launch secret from the address bar, keeping the route; returns the secret. */
function takeLaunchSecret(env: SessionEnv): string | null {
  const params = new URLSearchParams(env.location.search)
  const secret = params.get('token')
  if (secret === null) return null
  params.delete('token')
  const search = params.toString()
  env.history.replaceState(env.history.state, '', `${env.location.pathname}${search ? `?${search}` : ''}${env.location.hash}`)
  return secret
}

async function exchange(env: SessionEnv, launch: string): Promise<string | undefined> {
  try {
    const res = await env.fetch('/session', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      credentials: 'omit',
      body: JSON.stringify({ launch }),
    })
    if (!res.ok) return undefined
    const { session } = (await res.json()) as { session?: unknown }
    return typeof session === 'string' ? session : undefined
  } catch {
    return undefined
  }
}

/** The credential for this tab, or `undefined` when it has none (the host then answers 401, and the page says what to do). */
export async function obtainHostSession(env: SessionEnv | typeof fetch): Promise<string | undefined> {
  const e = typeof env === 'function' ? browserEnv(env) : env
  const launch = takeLaunchSecret(e)
  const fresh = launch === null ? undefined : await exchange(e, launch)
  // Storage disabled: nothing kept is read. Storage full: a fresh credential still works until the page is reloaded.
  if (fresh === undefined) return orElse(() => e.storage?.getItem(STORAGE_KEY) ?? undefined, undefined)
  orElse(() => e.storage?.setItem(STORAGE_KEY, fresh), undefined)
  return fresh
}
