/**
 * The test-only admin surface under `/__sim/`, served only when the simulator is started
 * with `admin: true` (`--admin`). JSON POST endpoints, no access key. Errors use the same
 * webrpc body as the RPC surface. See README.md for each endpoint.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { Args, evmAddress } from './args'
import { EDGE_MODES } from './chains'
import { SimError, invalidArgument } from './errors'
import { FaultSpecError } from './faults'
import { BIG_AMOUNT_INTENT_ID, HEAVY_OWNER_ADDRESS } from './generate'
import { receiptStates } from './machine'
import { INTENT_STATUSES, numericId, type IntentRecord } from './records'
import { readJson, sendJson } from './server'
import type { Simulation } from './simulation'
import { toJson } from './wire'

export interface AdminRoutes {
  /** Answers one admin request; returns the HTTP status sent. */
  handle(req: IncomingMessage, res: ServerResponse, route: string): Promise<number>
}

const describe = (r: IntentRecord) => ({ intentId: r.intentId, id: numericId(r), status: r.status, receiptStates: receiptStates(r) })

export function adminRoutes(sim: Simulation): AdminRoutes {
  const clockState = () => {
    const { clock } = sim.ctx
    return { nowMs: clock.now(), now: new Date(clock.now()).toISOString(), offsetMs: clock.offsetMs, frozen: clock.frozen }
  }

  const routes: Record<string, (a: Args) => unknown> = {
    createIntent: (a) =>
      describe(
        sim.createIntent({
          status: a.oneOf('status', INTENT_STATUSES),
          ownerAddress: evmAddress(a, 'ownerAddress'),
          projectId: a.int('projectId'),
          originChainId: a.int('originChainId'),
          destinationChainId: a.int('destinationChainId'),
          originToken: a.text('originToken'),
          destinationToken: a.text('destinationToken'),
          originTokenAmount: a.amount('originTokenAmount'),
          edgeMode: a.oneOf('edgeMode', EDGE_MODES),
          statusReason: a.text('statusReason'),
          auto: a.bool('auto'),
        }),
      ),
    advance: (a) => describe(sim.advance(a.requiredStr('intentId'), { to: a.oneOf('to', INTENT_STATUSES), statusReason: a.text('statusReason'), auto: a.bool('auto') })),
    clock: (a) => {
      const { clock } = sim.ctx
      const nowMs = a.num('nowMs')
      const offsetMs = a.num('offsetMs')
      const advanceMs = a.num('advanceMs')
      if ([nowMs, offsetMs, advanceMs].filter((v) => v !== undefined).length > 1) throw invalidArgument('give one of nowMs, offsetMs, advanceMs')
      const frozen = a.bool('frozen')
      if (frozen === true) clock.freeze()
      if (nowMs !== undefined) clock.set(nowMs)
      if (offsetMs !== undefined) clock.setOffset(offsetMs)
      if (advanceMs !== undefined) clock.advance(advanceMs)
      if (frozen === false) clock.resume()
      return clockState()
    },
    faults: (a) => {
      try {
        sim.setFaults(a.str('spec') ?? '')
      } catch (e) {
        if (e instanceof FaultSpecError) throw invalidArgument(e.message, 'spec')
        throw e
      }
      return { spec: sim.faults.spec }
    },
    reset: () => {
      sim.reset()
      return { intents: sim.ctx.dataset.size, ...clockState() }
    },
    info: () => ({
      seed: sim.options.seed,
      intents: sim.ctx.dataset.size,
      heavyOwnerAddress: HEAVY_OWNER_ADDRESS,
      bigAmountIntentId: BIG_AMOUNT_INTENT_ID,
      faults: sim.faults.spec,
      clock: clockState(),
    }),
  }

  return {
    async handle(req, res, route) {
      if (req.method !== 'POST') throw new SimError('BadMethod', `${req.method} is not allowed; use POST`)
      const action = Object.hasOwn(routes, route) ? routes[route] : undefined
      if (!action) throw new SimError('BadRoute', `unknown admin route ${route}; known: ${Object.keys(routes).join(', ')}`)
      const body = Args.of(await readJson(req))
      sim.ctx.lifecycle.tick()
      sendJson(res, 200, toJson(action(body)))
      return 200
    },
  }
}
