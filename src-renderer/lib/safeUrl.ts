import { orElse } from '@contract/errors'

/**
 * The one check for a URL taken from service data (explorers, market and pool links,
 * logos): only http(s) may become a link or a fetch. `javascript:`, `file:`, `data:`,
 * `vscode://` and every other scheme, junk, and URLs carrying a user name or password
 * (`https://svc.example.com@evil.test/`, which reads as one host and goes to another)
 * are refused.
 */
export function safeHttpUrl(url: string | undefined): string | undefined {
  const u = url ? orElse(() => new URL(url), undefined) : undefined
  if (!u || (u.protocol !== 'https:' && u.protocol !== 'http:')) return undefined
  // As given: the browser reads it with the same parser, so it goes where `u` says.
  return u.username || u.password ? undefined : url
}
