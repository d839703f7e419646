import { parseJsonLossless } from '@contract/losslessJson'
import { formatPath, GasFeeOptionsSchema, IntentSchema, type GasFeeOptions, type Intent } from '@contract/service'
import { messageOf } from '@contract/errors'

/**
 * Reads what a person pasted or opened as the intent to commit: the whole QuoteIntent
 * answer (`{ intent, gasFeeOptions }`) or the bare intent, as the service wrote it
 * (bare big numbers) or as this app shows it (amounts as decimal strings). The text is
 * read with the client's own lossless reader, so a pasted amount keeps every digit
 * exactly as an answer's would.
 */

export interface FieldProblem {
  /** `quote.fromAmount` style; empty for the document as a whole. */
  path: string
  message: string
}

export type ParsedIntentInput =
  | { status: 'empty' }
  | { status: 'not-json'; message: string }
  | { status: 'invalid'; problems: FieldProblem[] }
  | { status: 'ok'; intent: Intent; gasFeeOptions?: GasFeeOptions; shape: 'quote-response' | 'intent' }

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/** Where in the text JSON.parse gave up, as "line 3, column 14", when the engine says. */
function jsonErrorMessage(text: string, error: unknown): string {
  const message = messageOf(error)
  const at = /position (\d+)/.exec(message)
  if (!at) return `This is not valid JSON: ${message}`
  const before = text.slice(0, Number(at[1]))
  const line = before.split('\n').length
  const column = before.length - before.lastIndexOf('\n')
  return `This is not valid JSON (line ${line}, column ${column}): ${message.replace(/ in JSON at position \d+.*$/, '')}`
}

/** Every problem zod found, with the path a person can find in the text. */
function problemsOf(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>, at: string[]): FieldProblem[] {
  return issues.map((i) => ({ path: formatPath([...at, ...i.path]), message: i.message }))
}

export function parseIntentInput(text: string): ParsedIntentInput {
  if (!text.trim()) return { status: 'empty' }
  let json: unknown
  try {
    json = parseJsonLossless(text)
  } catch (e) {
    return { status: 'not-json', message: jsonErrorMessage(text, e) }
  }
  if (!isObject(json)) return { status: 'invalid', problems: [{ path: '', message: 'Expected a JSON object: the intent, or the whole QuoteIntent answer' }] }

  const wrapped = isObject(json.intent)
  const rawIntent = wrapped ? json.intent : json
  const intent = IntentSchema.safeParse(rawIntent)
  const gasFeeOptions = wrapped && json.gasFeeOptions != null ? GasFeeOptionsSchema.safeParse(json.gasFeeOptions) : undefined
  const problems = [
    ...(intent.success ? [] : problemsOf(intent.error.issues, wrapped ? ['intent'] : [])),
    ...(gasFeeOptions && !gasFeeOptions.success ? problemsOf(gasFeeOptions.error.issues, ['gasFeeOptions']) : []),
  ]
  if (!intent.success || problems.length) return { status: 'invalid', problems }

  // An object with none of an intent's identifying fields is more likely the wrong file.
  const data = intent.data
  const unlike = 'This does not look like an intent: it has no intentId, quote, originChainId or depositTransaction'
  if (!data.intentId && !data.quote && !data.originChainId && !data.depositTransaction) return { status: 'invalid', problems: [{ path: '', message: unlike }] }
  return {
    status: 'ok',
    intent: data,
    gasFeeOptions: gasFeeOptions?.success ? gasFeeOptions.data : undefined,
    shape: wrapped ? 'quote-response' : 'intent',
  }
}
