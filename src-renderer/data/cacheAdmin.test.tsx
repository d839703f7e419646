import { describe, expect, it } from 'vitest'
import { act, renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { QueryClientProvider } from '@tanstack/react-query'
import { addNote, listNotes } from '../db'
import { useClearCache } from './cacheAdmin'
import { createQueryClient } from './client'

describe('clearing the cache through the data layer', () => {
  it('deletes the records and has every query that showed the cache read again, leaving live answers alone', async () => {
    await addNote('clear-a', '0xn', 'kept until cleared')
    const client = createQueryClient()
    const seed = (key: unknown[], data: unknown) => client.setQueryData(key, data)
    seed(['clear-a', 'getIntent', { id: 'live' }], { data: 1, fromCache: false })
    seed(['clear-a', 'getIntent', { id: 'cached' }], { data: 1, fromCache: true })
    seed(['clear-a', 'getIntentHistory', {}], { pages: [{ fromCache: true }] })
    seed(['clear-a', 'intentNotes', { intentId: '0xn' }], [])
    seed(['clear-b', 'cacheInventory', {}], {})
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>
    const { result } = renderHook(() => useClearCache(), { wrapper })

    await act(async () => void (await result.current.mutateAsync({ profileId: 'clear-a' })))

    expect(await listNotes('clear-a', '0xn')).toEqual([])
    const stale = (key: unknown[]) => client.getQueryState(key)?.isInvalidated
    expect(stale(['clear-a', 'getIntent', { id: 'live' }])).toBe(false)
    expect(stale(['clear-a', 'getIntent', { id: 'cached' }])).toBe(true)
    expect(stale(['clear-a', 'getIntentHistory', {}])).toBe(true)
    expect(stale(['clear-a', 'intentNotes', { intentId: '0xn' }])).toBe(true)
    expect(stale(['clear-b', 'cacheInventory', {}])).toBe(true)
  })
})
