import { describe, expect, it } from 'vitest'
import { historyLinkFor } from './historyLink'

const OWNER = `0x${'0a'.repeat(20)}`

describe('historyLinkFor', () => {
  it('opens History filtered by the same owner', () => {
    expect(historyLinkFor({ byOwnerAddress: OWNER })).toBe(`/history?owner=${OWNER}`)
  })

  it('carries every filter History shares', () => {
    const href = historyLinkFor({ byProjectId: 7, byEdgeRail: 'SOLANA', byEdgeMode: 'ORIGIN' })!
    expect(Object.fromEntries(new URLSearchParams(href.split('?')[1]))).toEqual({ project: '7', rail: 'SOLANA', mode: 'ORIGIN' })
    expect(href.startsWith('/history?')).toBe(true)
  })

  it('offers nothing when a filter has no History equivalent (it would list more than was searched)', () => {
    expect(historyLinkFor({ byOwnerAddress: OWNER, byQueryString: 'usdc' })).toBeUndefined()
    expect(historyLinkFor({ byOriginIntentAddress: OWNER })).toBeUndefined()
    expect(historyLinkFor({})).toBeUndefined()
  })
})
