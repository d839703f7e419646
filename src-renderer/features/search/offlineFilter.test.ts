import { describe, expect, it } from 'vitest'
import { offlineSearchFor } from './offlineFilter'

const HASH = '0x' + 'ab'.repeat(32)
const A1 = '0x' + '11'.repeat(20)
const A2 = '0x' + '22'.repeat(20)

describe('offlineSearchFor', () => {
  it('maps exact filters onto the cache without caveats', () => {
    expect(offlineSearchFor({ byIntentId: HASH, byOwnerAddress: A1 })).toEqual({
      filter: { intentId: HASH, owner: A1 },
      caveats: [],
    })
  })

  it('says that intents cached without a project id are not filtered by project', () => {
    expect(offlineSearchFor({ byProjectId: 7 })).toEqual({
      filter: { projectId: 7 },
      caveats: ['This service does not report project ids: cached intents without one are not filtered by project, so they are listed too.'],
    })
  })

  it('matches intent and edge addresses in any role, and says so', () => {
    const { filter, caveats } = offlineSearchFor({ byOriginIntentAddress: A1, byDestinationIntentAddress: A2 })
    expect(filter).toEqual({ address: A1, text: A2 })
    expect(caveats.join(' ')).toMatch(/origin intent address and destination intent address in any role/)
  })

  it('says which filters the cache cannot apply exactly', () => {
    const { filter, caveats } = offlineSearchFor({ byTransactionHash: HASH, byEdgeRail: 'SOLANA', byEdgeMode: 'ORIGIN', byQueryString: 'usdc' })
    expect(filter).toEqual({ txHash: HASH, text: 'SOLANA usdc' })
    expect(caveats).toHaveLength(4)
    expect(caveats.join(' ')).toMatch(/edge direction filter is not applied/)
  })
})
