import '../../testing/svc'
import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { beforeEach, describe, expect, it } from 'vitest'
import { createQueryClient } from '../../data/client'
import { DataProvider } from '../../data/DataProvider'
import { answers, callsOf, okFetched } from '../../testing/bridge'
import { resetWorld } from '../../testing/harness'
import { OWNER, QUOTED_INTENT_ID, quoteResponse, quoteResponseText, USDC_ARB } from './testing'
import { useCommitView } from './useCommitView'
import { useQuoteForm } from './useQuoteForm'

/** The view models on their own: no markup, and the scripted bridge as the page's `window.svc`. */
function renderModel<T>(hook: () => T) {
  const client = createQueryClient()
  const wrapper = ({ children }: { children: ReactNode }) => <DataProvider client={client}>{children}</DataProvider>
  return renderHook(hook, { wrapper })
}

const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString()

beforeEach(() => {
  resetWorld()
  localStorage.removeItem('commit.text')
})

describe('useCommitView', () => {
  it('commits the box’s intent, then shows the service’s status and stops offering Commit for it', async () => {
    answers.set('commitIntent', () => okFetched({ intentId: QUOTED_INTENT_ID }))
    answers.set('getIntent', () => okFetched({ ...quoteResponse(inAnHour()).intent, status: 'COMMITTED' }))
    const { result } = renderModel(() => useCommitView())
    const text = quoteResponseText(inAnHour())
    act(() => result.current.replaceText(text))
    expect(result.current.status).toBe('QUOTED')
    expect(result.current.gate).toEqual({ enabled: true })

    act(() => result.current.commit())
    await waitFor(() => expect(result.current.committed?.status).toBe('COMMITTED'))
    expect(callsOf('commitIntent')).toEqual([expect.objectContaining({ pastedText: text })])
    expect(result.current.status).toBe('COMMITTED')
    expect(result.current.gate).toEqual({ enabled: false, reason: 'This intent is already committed (COMMITTED). Get a new quote to commit again.' })

    act(() => result.current.takeQuote(quoteResponse(inAnHour())))
    expect(result.current.committed).toBeNull()
    expect(result.current.gate.enabled).toBe(true)
  })
})

describe('useQuoteForm', () => {
  it('converts the amount in token units exactly and quotes it', async () => {
    answers.set('quoteIntent', () => okFetched(quoteResponse(inAnHour())))
    const { result } = renderModel(() => useQuoteForm())
    expect(result.current.tokens.origin).toMatchObject({ symbol: 'USDC', decimals: 6 })
    expect(result.current.tokens.destination).toMatchObject({ symbol: 'USDC', address: USDC_ARB })
    act(() => {
      result.current.set('ownerAddress', OWNER)
      result.current.set('originTokenAmount', '24.93959')
    })
    expect(result.current.amountHint).toBe('= 24,939,590 base units')
    act(() => result.current.quote())
    await waitFor(() => expect(result.current.answer?.intent.intentId).toBe(QUOTED_INTENT_ID))
    expect(callsOf('quoteIntent')).toEqual([expect.objectContaining({ originTokenAmount: '24939590' })])
  })

  it('refuses an amount with more decimals than the token has and sends nothing', () => {
    const { result } = renderModel(() => useQuoteForm())
    act(() => {
      result.current.set('ownerAddress', OWNER)
      result.current.set('originTokenAmount', '0.0000001')
    })
    act(() => result.current.quote())
    expect(result.current.errors.originTokenAmount).toBe('USDC has 6 decimals: at most 6 digits after the point')
    expect(callsOf('quoteIntent')).toEqual([])
  })

  it('keeps the symbol when the chain changes to one that has it', () => {
    const { result } = renderModel(() => useQuoteForm())
    act(() => result.current.setChain('destination', '10'))
    expect(result.current.draft.destinationTokenAddress).toBe('0x0b2c639c533813f4aa9d7837caf62653d097ff85')
    expect(result.current.tokens.destination?.symbol).toBe('USDC')
  })
})
