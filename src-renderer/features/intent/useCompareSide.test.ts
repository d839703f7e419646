import { describe, expect, it } from 'vitest'
import { renderHook, waitFor } from '@testing-library/react'
import type { Intent } from '@contract/service'
import { recordVersion } from '../../stores/intentVersions'
import { DataProvider } from '../../data/DataProvider'
import { useAvailableVersions } from './useCompareSide'

const intent = (status: Intent['status']): Intent => ({ intentId: '0xv', status })

describe('intent versions', () => {
  it('keeps copies oldest first, skips refetches that changed nothing, and ignores profile mix-ups', async () => {
    recordVersion('p', '0xV', { intent: intent('EXECUTING'), fetchedAt: 2000, origin: 'service' })
    recordVersion('p', '0xv', { intent: intent('COMMITTED'), fetchedAt: 1000, origin: 'cache' })
    recordVersion('p', '0xv', { intent: intent('EXECUTING'), fetchedAt: 3000, origin: 'service' })
    recordVersion('p', '0xv', { intent: intent('SUCCEEDED'), fetchedAt: 4000, origin: 'service' })
    recordVersion('other', '0xv', { intent: intent('FAILED'), fetchedAt: 5000, origin: 'service' })
    const { result } = renderHook(() => useAvailableVersions('p', '0xv'), { wrapper: DataProvider })
    await waitFor(() => expect(result.current).toBeDefined())
    expect(result.current!.map((v) => [v.fetchedAt, v.intent.status])).toEqual([
      [1000, 'COMMITTED'],
      [2000, 'EXECUTING'],
      [4000, 'SUCCEEDED'],
    ])
  })
})
