import { randomBytes, timingSafeEqual } from 'node:crypto'

/**
 * Who may use the browser host. A person opens a launch URL carrying a launch secret;
 * the page trades it, once, for a session credential that it keeps in its own origin's
 * storage and sends as `Authorization: Bearer …` on every bridge call.
 *
 * Why not a cookie: a browser sends a host's cookies to every port of that host, so any
 * local server on another port would receive the credential with the first image or
 * page the browser asked it for. A header is only ever sent by the page's own code, and
 * the storage it is kept in belongs to this origin alone (scheme, host and port).
 */
export class HostSessions {
  private readonly launchSecrets = new Set<string>()
  private readonly sessions = new Set<string>()

  /** A new single-use launch secret. */
  issueLaunchSecret(fixed?: string): string {
    const secret = fixed ?? newSecret()
    this.launchSecrets.add(secret)
    return secret
  }

  /** Spends a launch secret and returns a new session credential; `undefined` if unknown or already used. */
  exchange(offered: string): string | undefined {
    const known = findEqual(this.launchSecrets, offered)
    if (known === undefined) return undefined
    this.launchSecrets.delete(known)
    const session = newSecret()
    this.sessions.add(session)
    return session
  }

  isSession(offered: string | undefined): boolean {
    return offered !== undefined && findEqual(this.sessions, offered) !== undefined
  }
}

const newSecret = () => randomBytes(32).toString('base64url')

/** The member equal to `offered`, compared in constant time so timing tells nothing of a secret. */
function findEqual(secrets: Set<string>, offered: string): string | undefined {
  const x = Buffer.from(offered)
  let found: string | undefined
  for (const secret of secrets) {
    const y = Buffer.from(secret)
    if (x.length === y.length && timingSafeEqual(x, y)) found = secret
  }
  return found
}
