import type { z } from 'zod'
import { formatPath } from '../../../src-shared/contract/service'

/** A wire value in normalised form, or where and why it does not fit. */
export type Decoded<T> = { ok: true; value: T } | { ok: false; path: string; message: string }

/** Validates with a schema; `at` prefixes issue paths when the value was nested (a payload string). */
export function decodeWith<S extends z.ZodType>(schema: S, value: unknown, at: PropertyKey[] = []): Decoded<z.output<S>> {
  const result = schema.safeParse(value)
  if (result.success) return { ok: true, value: result.data }
  const issue = result.error.issues[0]
  return { ok: false, path: formatPath([...at, ...(issue?.path ?? [])]), message: issue?.message ?? 'does not match' }
}

export const failAt = (path: string, message: string): Decoded<never> => ({ ok: false, path, message })
