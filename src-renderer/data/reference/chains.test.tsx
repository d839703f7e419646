import '../../testing/svc'
import { beforeEach, describe, expect, it } from 'vitest'
import { render, screen, waitFor } from '@testing-library/react'
import { answers, callsOf, okFetched } from '../../testing/bridge'
import { resetWorld } from '../../testing/harness'
import { createQueryClient } from '../client'
import { DataProvider } from '../DataProvider'
import { useCacheStatus } from '../../stores/cache'
import { askChainsEarly, useChainDirectory } from './chains'

const ETHEREUM = { id: 1, name: 'Ethereum', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } }

/** One cell naming a chain, as every Hex and Route of a table does. */
function ChainCell({ n }: { n: number }) {
  const chains = useChainDirectory().byId
  return <span data-testid="cell">{`${n}: ${chains.get(1)?.name ?? '?'}`}</span>
}

beforeEach(() => resetWorld())

describe('the chain directory', () => {
  it('is one observer of one query however many cells read it, and every cell shows the answer', async () => {
    answers.set('getChains', () => okFetched({ chains: [ETHEREUM] }))
    const client = createQueryClient()
    const cells = Array.from({ length: 200 }, (_, n) => <ChainCell key={n} n={n} />)
    const { unmount } = render(<DataProvider client={client}>{cells}</DataProvider>)
    await waitFor(() => expect(screen.getAllByTestId('cell').every((c) => c.textContent?.endsWith('Ethereum'))).toBe(true))
    expect(callsOf('getChains')).toHaveLength(1)
    expect(client.getQueryCache().getAll().filter((q) => q.queryKey[1] === 'getChains').map((q) => q.getObserversCount())).toEqual([1])
    // Left and opened again, the cells read the kept answer without asking again.
    unmount()
    render(<DataProvider client={client}>{cells.slice(0, 3)}</DataProvider>)
    await waitFor(() => expect(screen.getAllByTestId('cell').map((c) => c.textContent)).toEqual(['0: Ethereum', '1: Ethereum', '2: Ethereum']))
    expect(callsOf('getChains')).toHaveLength(1)
  })

  it('is asked of the service at start-up only when not working offline (offline it is read from the cache)', () => {
    answers.set('getChains', () => okFetched({ chains: [ETHEREUM] }))
    useCacheStatus.setState({ forcedOffline: true })
    askChainsEarly()
    expect(callsOf('getChains')).toHaveLength(0)
    useCacheStatus.setState({ forcedOffline: false })
    askChainsEarly()
    expect(callsOf('getChains')).toHaveLength(1)
  })
})
