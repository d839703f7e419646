import type { z } from 'zod'
import { SvcFailure, type SvcError } from '../../src-shared/contract/errors'
import { JsonTooDeepError, parseJsonLossless } from '../../src-shared/contract/losslessJson'
import {
  MAX_QUERIES_PER_BALANCE_CALL,
  type CommitIntentRequest,
  type CommitIntentResponse,
  type GetChainsRequest,
  type GetEarnPoolsRequest,
  type GetIntentHistoryRequest,
  type GetIntentResponse,
  type YieldGetAggregateBalancesRequest,
  type YieldGetAggregateBalancesResponse,
  type YieldGetMarketsRequest,
} from '../../src-shared/contract/service'
import { AnswerMemo } from './answerMemo'
import { chunk, mapLimited } from './batch'
import {
  abortedFailure,
  badResponse,
  emptyBodyFailure,
  httpFailure,
  networkFailure,
  redact,
  timeoutFailure,
  tooLargeFailure,
  type CallContext,
} from './errors'
import { walkIntentHistory, type WalkHistoryOptions, type WalkHistoryResult } from './historyWalk'
import { OPERATIONS, type OperationName, type RequestOf, type ResponseOf } from './operations'
import type { CapabilityOperation } from '../../src-shared/contract/service/extras'
import { DEFAULT_RETRY_POLICY, realSleep, withRetry, type RetryInfo, type RetryOptions, type RetryPolicy, type Sleep } from './retry'
import { nodeFetch } from './nodeFetch'
import { DEFAULT_MAX_ANSWER_BYTES, postJson, type FetchLike } from './transport'
import type { WireDialect } from '../../src-shared/contract/dialect'
import type { DataSource } from '../../src-shared/contract/app'
import { memberText } from './jsonSpan'
import { pastedIntentText } from './pastedIntent'
import { QuotedIntents } from './quotedIntents'
import { wireCodec, type WireCodec } from './wireDialect'

export interface SvcClientOptions {
  /** e.g. `https://intents.example.com`; a trailing slash is ignored. */
  baseUrl: string
  /** Read on every call, so a key changed in Settings applies at once. */
  getAccessKey: () => string | undefined
  fetch?: FetchLike
  /** Deadline of an ordinary call. */
  timeoutMs?: number
  /** Deadline of WaitIntentReceipt, which the service holds open until something changes. */
  longPollTimeoutMs?: number
  /** Largest answer read, compressed or expanded (see `DEFAULT_MAX_ANSWER_BYTES`). */
  maxAnswerBytes?: number
  retry?: Partial<RetryPolicy> & { sleep?: Sleep; random?: () => number }
  onRetry?: (info: RetryInfo) => void
  /** How the service spells its wire; the spec's form when absent. */
  dialect?: WireDialect
}

/** A profile's service client, and where its answers come from. */
export interface ServiceSession {
  client: SvcClient
  /** Stamped at call time, after the answer arrived. */
  source(): DataSource
}

export interface CallOptions {
  signal?: AbortSignal
  /** Overrides the client's deadline for this call. */
  timeoutMs?: number
}

export interface CommitOptions extends CallOptions {
  /** What the person pasted (a QuoteIntent answer or the bare intent): sent as it is when it is this intent in the service's form. */
  pastedText?: string
}

export const DEFAULT_TIMEOUT_MS = 15_000
/** The service's hold is not specified; the simulator holds 20 s. Generous, so a hold is never cut short. */
export const DEFAULT_LONG_POLL_TIMEOUT_MS = 60_000
/** Balance batches in flight at once for one YieldGetAggregateBalances call. */
const BALANCE_BATCH_CONCURRENCY = 3

/**
 * The service client: one method per operation, POSTing JSON to `{baseUrl}/rpc/<Service>/<Operation>`
 * in the profile's wire dialect. Requests are validated before they leave, answers read losslessly and
 * normalised; every failure is a SvcFailure whose message a person can act on, never holding the key.
 */
export class SvcClient {
  readonly baseUrl: string
  /** How reads are retried: the policy, the clock's wait and dice, and who hears of each retry. */
  private readonly retrying: Pick<RetryOptions, 'policy' | 'sleep' | 'random' | 'onRetry'>
  readonly wire: WireCodec
  private readonly quoted = new QuotedIntents()
  /** Recent long-poll answers, decoded, by a hash of their text; bounded by size (see `AnswerMemo`). */
  private readonly longPollAnswers = new AnswerMemo()

  constructor(private readonly options: SvcClientOptions) {
    this.baseUrl = options.baseUrl.trim().replace(/\/+$/, '')
    const { sleep = realSleep, random = Math.random, ...policy } = options.retry ?? {}
    this.retrying = { policy: { ...DEFAULT_RETRY_POLICY, ...policy }, sleep, random, onRetry: options.onRetry }
    this.wire = wireCodec(options.dialect)
  }

  /** Sends the intent as it was received: the answer's text that carried it, else the pasted text when it matches, else a fresh encoding. */
  commitIntent(request: CommitIntentRequest, opts: CommitOptions = {}): Promise<CommitIntentResponse> {
    const { pastedText, ...callOpts } = opts
    return this.call('CommitIntent', request, callOpts, pastedText)
  }

  readonly getIntent = this.operation('GetIntent')
  /** At least one filter is required; an empty search is refused before it is sent. */
  readonly searchIntents = this.operation('SearchIntents')
  /** One page; re-send `nextPage` as `page` to read on, or use `walkIntentHistory`. */
  readonly getIntentHistory = this.operation('GetIntentHistory')
  /** Long-poll: returns when the receipt changes, the intent is done, or the service's hold ends. Not retried. */
  readonly waitIntentReceipt = this.operation('WaitIntentReceipt')
  readonly getIntentReceipt = this.operation('GetIntentReceipt')
  readonly quoteIntent = this.operation('QuoteIntent')
  readonly executeIntent = this.operation('ExecuteIntent')
  readonly getChains = (request: GetChainsRequest = {}, opts?: CallOptions) => this.call('GetChains', request, opts)
  readonly yieldGetMarkets = (request: YieldGetMarketsRequest = {}, opts?: CallOptions) => this.call('YieldGetMarkets', request, opts)
  readonly getEarnPools = (request: GetEarnPoolsRequest = {}, opts?: CallOptions) => this.call('GetEarnPools', request, opts)

  /** Reads history pages until the service says there are no more (or `maxEntries` is reached). */
  walkIntentHistory(request: GetIntentHistoryRequest, opts: WalkHistoryOptions = {}): Promise<WalkHistoryResult> {
    return walkIntentHistory((page, signal) => this.getIntentHistory(page, { signal }), request, { ...opts, baseUrl: this.baseUrl })
  }

  /**
   * Any number of queries, in batches of at most 25 (a few at a time) merged in query order;
   * a batch failing as a whole fails the call.
   */
  async yieldGetAggregateBalances({ queries }: YieldGetAggregateBalancesRequest, opts: CallOptions = {}): Promise<YieldGetAggregateBalancesResponse> {
    const parts = await mapLimited(
      chunk(queries, MAX_QUERIES_PER_BALANCE_CALL),
      BALANCE_BATCH_CONCURRENCY,
      (batch, signal) => this.call('YieldGetAggregateBalances', { queries: batch }, { ...opts, signal }),
      opts.signal,
    )
    return { items: parts.flatMap((p) => p.items), errors: parts.flatMap((p) => p.errors) }
  }

  /** An operation beyond the spec (Ping, Clock, GetTokenPrices, …): a service may lack it, see `capabilities.ts`. */
  extra<N extends CapabilityOperation>(name: N, request: RequestOf<N>, opts?: CallOptions): Promise<ResponseOf<N>> {
    return this.call(name, request, opts)
  }

  /** The method of an operation that is sent as it is. */
  private operation<N extends OperationName>(name: N) {
    return (request: RequestOf<N>, opts?: CallOptions): Promise<ResponseOf<N>> => this.call(name, request, opts)
  }

  private async call<N extends OperationName>(name: N, request: RequestOf<N>, opts: CallOptions = {}, pastedText?: string): Promise<ResponseOf<N>> {
    const operation = OPERATIONS[name]
    // Arguments arrive parsed (see `RequestOf`): the bridge's edge parsed them with this schema.
    const body = this.encode(name, operation.request, request, pastedText)
    const { timeoutMs: ordinary = DEFAULT_TIMEOUT_MS, longPollTimeoutMs = DEFAULT_LONG_POLL_TIMEOUT_MS } = this.options
    const timeoutMs = opts.timeoutMs ?? (operation.longPoll ? longPollTimeoutMs : ordinary)
    const attempt = () => this.send(name, body, request, timeoutMs, opts.signal)
    if (!operation.retry) return attempt()
    return withRetry(attempt, {
      ...this.retrying,
      operation: name,
      signal: opts.signal,
      aborted: () => abortedFailure({ operation: name, baseUrl: this.baseUrl, keySent: false }),
    })
  }

  /** The request's JSON text; a commit of an intent received unchanged sends its original text. */
  private encode(name: OperationName, schema: z.ZodType, parsed: unknown, pastedText: string | undefined): string {
    if (name === 'CommitIntent') {
      const intent = (parsed as CommitIntentRequest).intent
      const original = this.quoted.originalText(intent) ?? (pastedText === undefined ? undefined : pastedIntentText(pastedText, intent, this.wire))
      if (original !== undefined) return `{"intent":${original}}`
    }
    return this.wire.encode(schema, parsed)
  }

  /** Keeps the exact text of an intent an answer carried, for CommitIntent. */
  private rememberIntent(name: OperationName, text: string, value: unknown): void {
    if (name !== 'QuoteIntent' && name !== 'GetIntent') return
    this.quoted.remember((value as GetIntentResponse).intent, memberText(text, 'intent'))
  }

  /** One attempt: POST, then map the outcome to a value or a SvcFailure. */
  private async send<N extends OperationName>(name: N, body: string, request: unknown, timeoutMs: number, signal?: AbortSignal): Promise<ResponseOf<N>> {
    const accessKey = this.options.getAccessKey() || undefined
    const ctx: CallContext = { operation: name, baseUrl: this.baseUrl, keySent: accessKey !== undefined, accessKey }
    const failWith = (error: SvcError): never => {
      throw new SvcFailure(redact(error, accessKey))
    }

    const outcome = await postJson(this.options.fetch ?? nodeFetch, {
      url: this.baseUrl + this.wire.path(name),
      body,
      accessKey,
      timeoutMs,
      signal,
      maxAnswerBytes: this.options.maxAnswerBytes ?? DEFAULT_MAX_ANSWER_BYTES,
    })
    switch (outcome.kind) {
      case 'aborted':
        return failWith(abortedFailure(ctx))
      case 'timeout':
        return failWith(timeoutFailure(ctx, timeoutMs))
      case 'network':
        return failWith(networkFailure(ctx, outcome.code, outcome.duringBody))
      case 'tooLarge':
        return failWith(tooLargeFailure(ctx, outcome.limitBytes, outcome.encoded))
    }
    // Given up while the answer was read: it is not decoded for nobody.
    if (signal?.aborted) return failWith(abortedFailure(ctx))
    if (outcome.status < 200 || outcome.status > 299) {
      return failWith(httpFailure(ctx, outcome.status, outcome.headers, outcome.text))
    }
    const longPoll = OPERATIONS[name].longPoll
    const recalled = longPoll ? this.longPollAnswers.recall(outcome.text) : undefined
    if (recalled !== undefined) return recalled as ResponseOf<N>
    // Nothing to read (no body, or `null`): said as such, and a read is asked once more.
    if (/^\s*(null)?\s*$/.test(outcome.text)) return failWith(emptyBodyFailure(ctx))
    let json: unknown
    try {
      json = parseJsonLossless(outcome.text)
    } catch (e) {
      const why = e instanceof JsonTooDeepError ? e.message : 'the answer is not valid JSON (it may have been cut off)'
      return failWith(badResponse(ctx, why))
    }
    const decode = OPERATIONS[name].decode as (body: unknown, request: unknown) => ReturnType<(typeof OPERATIONS)[N]['decode']>
    const decoded = decode(this.wire.decode(json), request)
    if (!decoded.ok) {
      // `{}` where fields were due: an empty answer, not a field missing from a real one.
      const empty = typeof json === 'object' && json !== null && !Array.isArray(json) && Object.keys(json).length === 0
      return failWith(empty ? emptyBodyFailure(ctx) : badResponse(ctx, decoded.message, decoded.path || undefined))
    }
    this.rememberIntent(name, outcome.text, decoded.value)
    if (longPoll) this.longPollAnswers.remember(outcome.text, decoded.value)
    return decoded.value as ResponseOf<N>
  }
}
