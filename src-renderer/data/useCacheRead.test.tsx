import { describe, expect, it } from 'vitest'
import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { QueryClientProvider } from '@tanstack/react-query'
import { addNote, listNotes } from '../db'
import { createQueryClient } from './client'
import { queryKeys } from './keys'
import { useCacheRead } from './useCacheRead'

describe('useCacheRead', () => {
  it('keeps a cache read in the query cache under the profile, and follows the cache as it changes', async () => {
    const client = createQueryClient()
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>
    const { result, rerender } = renderHook(({ profileId }: { profileId?: string }) => useCacheRead('intentNotes', profileId, { intentId: '0xr' }, (p) => listNotes(p, '0xr')), {
      wrapper,
      initialProps: { profileId: undefined as string | undefined },
    })
    // No profile yet: nothing is read.
    expect(result.current.data).toBeUndefined()
    expect(result.current.fetchStatus).toBe('idle')

    rerender({ profileId: 'read-a' })
    await waitFor(() => expect(result.current.data).toEqual([]))
    // A note written elsewhere (the intent page) shows without anyone asking again.
    await act(async () => void (await addNote('read-a', '0xr', 'called the customer')))
    await waitFor(() => expect(result.current.data?.map((n) => n.text)).toEqual(['called the customer']))
    expect(client.getQueryData(queryKeys.request('read-a', 'intentNotes', { intentId: '0xr' }))).toEqual(result.current.data)

    // Another profile's notes on the same intent are another key, and another answer.
    rerender({ profileId: 'read-b' })
    await waitFor(() => expect(result.current.data).toEqual([]))
    await act(async () => void (await addNote('read-b', '0xr', 'other desk')))
    await waitFor(() => expect(result.current.data?.map((n) => n.text)).toEqual(['other desk']))
  })
})
