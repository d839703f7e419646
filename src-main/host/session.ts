import { randomBytes, timingSafeEqual } from 'node:crypto'

/**
 * Who may use the browser host: the page trades the launch URL's secret, once, for a
 * session credential it keeps in its origin's storage and sends as `Authorization: Bearer`.
 * Not a cookie: a browser sends a host's cookies to every port of that host, so any local
 * server on another port would receive it; a header is sent only by the page's own code.
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
