import { beforeEach, describe, expect, it, vi } from 'vitest'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ChainInfo, GetChainsRequest } from '@contract/service'
import { ChainInfoSchema } from '@contract/service'
import { cacheChains, readChains } from '../../db'
import { useCacheStatus } from '../../stores/cache'
import { useChainsById } from '../../lib/displaySources'
import { providerCodesOf } from '../../data/reference/testing'
import { useConnection } from '../../stores/connection'
import { answers, callsOf, failure, okFetched, PROFILE, source } from '../../testing/bridge'
import { renderAt, resetWorld } from '../../testing/harness'
import { ChainsView } from './ChainsView'

vi.mock('../../data/call', async () => ({ call: (await import('../../testing/bridge')).fakeCall }))
vi.mock('../../bridge', () => ({ bridge: { subscribe: () => () => {} } }))

// One chain as the response shape sends it, one as the prose describes it; the client
// folds both into ChainInfo, which is what the bridge delivers.
const ethereum = ChainInfoSchema.parse({
  id: 1,
  name: 'Ethereum',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  logoUri: 'https://logos.test/1.svg',
  blockExplorer: { name: 'Etherscan', url: 'https://etherscan.io' },
})
const sepolia = ChainInfoSchema.parse({
  id: 11155111,
  name: 'Sepolia',
  tokenName: 'Sepolia Ether',
  tokenSymbol: 'SEP',
  tokenDecimals: 18,
  isTestnet: true,
  supportsBridging: false,
  blockExplorerUrl: 'https://sepolia.etherscan.io',
})
const base: ChainInfo = { id: 8453, name: 'Base', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } }

/** What the app-wide chain directory holds, as every other view would read it. */
function ChainNames() {
  const names = [...useChainsById().values()].map((c) => c.name).sort()
  return <span data-testid="chain-names">{names.join(',')}</span>
}
const chainNames = () => screen.getByTestId('chain-names').textContent

const render = (query = '') => renderAt(`/chains${query}`, [{ path: '/chains', element: <ChainsView /> }], <ChainNames />)
const table = () => screen.getByRole('table', { name: 'Chains' })
const rowOf = (name: string) => within(table()).getAllByRole('row').find((r) => r.textContent?.includes(name))!
const location = () => screen.getByTestId('location').textContent

function chainAnswers(byProvider: Record<string, ChainInfo[]>) {
  answers.set('getChains', (req: GetChainsRequest) => okFetched({ chains: byProvider[req.routeProvider ?? ''] ?? [] }))
}

beforeEach(() => {
  resetWorld()
})

describe('ChainsView', () => {
  it('shows every ChainInfo field from either shape, and a placeholder for missing or broken logos', async () => {
    answers.set('getLogo', () => ({ ok: true, value: { src: `/logos/${'a'.repeat(64)}.png` } }))
    chainAnswers({ '': [ethereum, sepolia] })
    render()
    await waitFor(() => expect(within(table()).getAllByRole('row')).toHaveLength(3))

    const eth = rowOf('Ethereum')
    expect(eth).toHaveTextContent('Ether')
    expect(eth).toHaveTextContent('ETH')
    expect(within(eth).getByRole('link', { name: 'Etherscan' })).toHaveAttribute('href', 'https://etherscan.io')
    const sep = rowOf('Sepolia')
    expect(within(sep).getAllByRole('cell').map((c) => c.textContent)).toEqual([
      'SESepolia',
      '11155111Copy',
      'Sepolia Ether',
      'SEP',
      '18',
      'sepolia.etherscan.io',
      'Yes',
      'No',
    ])
    expect(within(sep).getByRole('link')).toHaveAttribute('href', 'https://sepolia.etherscan.io')

    // The logo comes through the bridge, served from the page's own origin…
    expect(callsOf('getLogo')).toContainEqual({ url: ethereum.logoUri })
    await waitFor(() => expect(eth.querySelector('img')).not.toBeNull())
    const img = eth.querySelector('img')!
    expect(img.getAttribute('src')).toMatch(/^\/logos\/[0-9a-f]{64}\.png$/)
    // …and the image that fails to load gives way to the initials.
    fireEvent.error(img)
    expect(eth.querySelector('img')).toBeNull()
    expect(within(eth).getAllByRole('cell')[0]).toHaveTextContent('ETEthereum')
  })

  it('makes no live link of an explorer that is not http(s): it shows as text', async () => {
    const odd = (id: number, name: string, url: string): ChainInfo => ({ ...base, id, name, blockExplorer: { name: `${name} explorer`, url } })
    chainAnswers({ '': [odd(1, 'Vs', 'vscode://file/etc/passwd'), odd(2, 'Fi', 'file:///etc/passwd'), odd(3, 'Js', 'javascript:alert(1)'), ethereum] })
    render()
    await waitFor(() => expect(within(table()).getAllByRole('row')).toHaveLength(5))
    for (const [name, url] of [['Vs', 'vscode://file/etc/passwd'], ['Fi', 'file:///etc/passwd'], ['Js', 'javascript:alert(1)']]) {
      expect(within(rowOf(name)).queryByRole('link'), name).toBeNull()
      expect(within(rowOf(name)).getByTitle('Not an http(s) link')).toHaveTextContent(url)
    }
    expect(within(table()).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['https://etherscan.io'])
  })

  it('writes the list through to the cache and feeds the app-wide chain names', async () => {
    chainAnswers({ '': [ethereum, sepolia] })
    render()
    await waitFor(() => expect(chainNames()).toBe('Ethereum,Sepolia'))
    const cached = await readChains(PROFILE)
    expect(cached?.chains.map((c) => c.id).sort()).toEqual([1, 11155111])
  })

  it('filters by route provider on Enter, learns the code, and refuses a malformed one', async () => {
    const user = userEvent.setup()
    chainAnswers({ '': [ethereum, sepolia, base], RELAYX: [base] })
    render()
    await waitFor(() => expect(within(table()).getAllByRole('row')).toHaveLength(4))

    const picker = screen.getByLabelText('Route provider')
    await user.type(picker, '9lives{Enter}')
    expect(screen.getByText(/upper-case letters, digits and _/)).toBeInTheDocument()
    expect(callsOf('getChains')).toEqual([{}])

    await user.clear(picker)
    await user.type(picker, 'relayx{Enter}')
    await waitFor(() => expect(within(table()).getAllByRole('row')).toHaveLength(2))
    expect(location()).toBe('/chains?provider=RELAYX')
    expect(callsOf('getChains')).toContainEqual({ routeProvider: 'RELAYX' })
    expect(screen.getByText('1 of 1 chains supported by RELAYX')).toBeInTheDocument()
    expect(providerCodesOf(PROFILE)).toEqual(['RELAYX'])
  })

  it('searches by name or id inside the list, keeping the search in the URL', async () => {
    const user = userEvent.setup()
    chainAnswers({ '': [ethereum, sepolia, base] })
    render('?q=8453')
    await waitFor(() => expect(within(table()).getAllByRole('row')).toHaveLength(2))
    expect(rowOf('Base')).toBeTruthy()
    await user.clear(screen.getByLabelText('Search'))
    await user.type(screen.getByLabelText('Search'), 'zzz')
    expect(screen.getByText('No chains match')).toBeInTheDocument()
    expect(location()).toBe('/chains?q=zzz')
  })

  it('reads the cache offline and says how old it is; a provider filter cannot be answered from it', async () => {
    await cacheChains(source(Date.now() - 3 * 3_600_000), [ethereum, base])
    useCacheStatus.setState({ forcedOffline: true })
    render()
    await waitFor(() => expect(within(table()).getAllByRole('row')).toHaveLength(3))
    expect(screen.getByText(/cached data, fetched 3 hours ago/)).toBeInTheDocument()
    expect(callsOf('getChains')).toEqual([])
    expect(chainNames()).toBe('Base,Ethereum')
  })

  it('falls back to the cache when the service cannot be reached', async () => {
    await cacheChains(source(), [base])
    answers.set('getChains', () => failure('Network', 'connection refused'))
    render()
    await waitFor(() => expect(within(table()).getAllByRole('row')).toHaveLength(2))
    expect(screen.getByText(/cached data, fetched just now/)).toBeInTheDocument()
  })

  it('says why when the service is out of reach and the cache cannot answer the filter', async () => {
    await cacheChains(source(), [base])
    answers.set('getChains', () => failure('Network', 'connection refused'))
    render('?provider=AUTO')
    expect(await screen.findByText('connection refused')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument()
    expect(screen.queryByRole('table')).toBeNull()
  })

  it('offline, tells that a provider filter cannot be answered from the cache', async () => {
    await cacheChains(source(), [base])
    useCacheStatus.setState({ forcedOffline: true })
    render('?provider=AUTO')
    expect(await screen.findByText('No chains cached')).toBeInTheDocument()
    expect(screen.getByText(/does not record which chains AUTO supports/)).toBeInTheDocument()
  })

  it('shows a service refusal with a retry', async () => {
    const user = userEvent.setup()
    answers.set('getChains', () => failure('Unauthorized', 'The access key was refused'))
    render()
    expect(await screen.findByText('The access key was refused')).toBeInTheDocument()
    chainAnswers({ '': [base] })
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(within(table()).getAllByRole('row')).toHaveLength(2))
  })
})

describe('the chain directory', () => {
  beforeEach(() => resetWorld())

  it('offline at start-up, labels chains from the cache', async () => {
    await cacheChains(source(), [ethereum])
    answers.set('getChains', () => failure('Network', 'connection refused'))
    renderAt('/elsewhere', [], <ChainNames />)
    await waitFor(() => expect(chainNames()).toBe('Ethereum'))
  })

  it('a profile switch shows only the new profile’s chains', async () => {
    answers.set('getChains', () => okFetched({ chains: [ethereum] }))
    renderAt('/elsewhere', [], <ChainNames />)
    await waitFor(() => expect(chainNames()).toBe('Ethereum'))

    let release!: () => void
    const slow = new Promise<void>((r) => (release = r))
    answers.set('getChains', async () => {
      await slow
      return okFetched({ chains: [base] })
    })
    const info = useConnection.getState().info!
    act(() => useConnection.getState().setInfo({ ...info, profiles: [...info.profiles, { ...info.profiles[0], id: 'other' }], activeProfileId: 'other' }))
    // While the other profile's list loads, none of the first profile's chains show.
    expect(chainNames()).toBe('')
    release()
    await waitFor(() => expect(chainNames()).toBe('Base'))
  })
})
