import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { answers, callsOf, okFetched } from '../testing/bridge'
import { renderAt, resetWorld } from '../testing/harness'
import { CommandPalette, loadPaletteDialog } from './CommandPalette'
import { SEARCH_BOX_ID, SHORTCUTS } from './shortcuts'

vi.mock('../data/call', async () => ({ call: (await import('../testing/bridge')).fakeCall }))
vi.mock('../bridge', () => ({ bridge: { subscribe: () => () => {} } }))

const HASH = `0x${'ab'.repeat(32)}`

function setup() {
  const user = userEvent.setup()
  renderAt('/somewhere', [], (
    <>
      <button type="button">Elsewhere</button>
      <CommandPalette />
    </>
  ))
  return user
}

const location = () => screen.getByTestId('location').textContent
const options = () => within(screen.getByRole('listbox', { name: 'Actions' })).getAllByRole('option')
const selected = () => options().find((o) => o.getAttribute('aria-selected') === 'true')?.textContent

beforeEach(() => {
  resetWorld()
})

describe('CommandPalette, its dialog a chunk of its own', () => {
  it('opens at the first Ctrl+K with the input focused, its code loaded by then', async () => {
    const user = setup()
    await user.keyboard('{Control>}k{/Control}')
    expect(within(await screen.findByRole('dialog', { name: 'Command palette' })).getByRole('combobox')).toHaveFocus()
  })
})

describe('CommandPalette', () => {
  // Start-up loads the dialog's code when the window is first idle.
  beforeAll(async () => {
    await loadPaletteDialog()
  })

  it('opens on Ctrl+K from anywhere as a modal dialog with the input focused', async () => {
    const user = setup()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    await user.keyboard('{Control>}k{/Control}')
    const dialog = screen.getByRole('dialog', { name: 'Command palette' })
    expect(dialog).toHaveAttribute('aria-modal', 'true')
    const input = within(dialog).getByRole('combobox')
    expect(input).toHaveFocus()
    expect(input).toHaveAttribute('aria-activedescendant', options()[0].id)
  })

  it('opens on ⌘K too, and Escape closes it and gives focus back', async () => {
    const user = setup()
    screen.getByRole('button', { name: 'Elsewhere' }).focus()
    await user.keyboard('{Meta>}k{/Meta}')
    expect(screen.getByRole('dialog')).toBeInTheDocument()
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Elsewhere' })).toHaveFocus()
  })

  it('offers what a pasted hash can be used for, chosen with the arrow keys and run with Enter', async () => {
    const user = setup()
    await user.keyboard('{Control>}k{/Control}')
    await user.paste(HASH)
    expect(options().map((o) => o.textContent)).toEqual([
      'Open intent 0xabababab…ababab',
      'Search “0xabababab…ababab” as intent id, transaction hash',
      'Search as intent id',
      'Search as transaction hash',
      'Watch intent 0xabababab…ababab',
    ])
    expect(screen.getByText(/Looks like an intent id or transaction hash/)).toBeInTheDocument()
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}')
    expect(selected()).toBe('Search as transaction hash')
    await user.keyboard('{Enter}')
    expect(location()).toBe(`/search?byTransactionHash=${HASH}`)
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('opens the intent with Enter straight away', async () => {
    const user = setup()
    await user.keyboard('{Control>}k{/Control}')
    await user.paste(HASH)
    await user.keyboard('{Enter}')
    expect(location()).toBe(`/intent/${HASH}`)
  })

  it('watches an intent the service knows through the bridge and says so', async () => {
    const user = setup()
    answers.set('getIntent', (args: { intentId: string }) => okFetched({ intentId: args.intentId, status: 'EXECUTING' }))
    answers.set('watchIntent', (args: { intentId: string }) => ({
      ok: true,
      value: { profileId: 'sim', intentId: args.intentId, addedAt: 1, phase: 'queued', muted: false },
    }))
    await user.keyboard('{Control>}k{/Control}')
    await user.paste(HASH)
    await user.keyboard('{ArrowUp}')
    expect(selected()).toBe('Watch intent 0xabababab…ababab')
    await user.keyboard('{Enter}')
    await waitFor(() => expect(within(screen.getByRole('dialog')).getByRole('status')).toHaveTextContent('Watching it live'))
    expect(callsOf('getIntent')).toEqual([{ intentId: HASH }])
    expect(callsOf('watchIntent')).toEqual([{ intentId: HASH }])
  })

  it('refuses to watch an intent the service does not know', async () => {
    const user = setup()
    answers.set('getIntent', () => ({ ok: false, error: { kind: 'NotFound', message: 'intent not found' } }))
    await user.keyboard('{Control>}k{/Control}')
    await user.paste(HASH)
    await user.click(screen.getByRole('option', { name: /^Watch intent/ }))
    await waitFor(() => expect(within(screen.getByRole('dialog')).getByRole('status')).toHaveTextContent(/Could not watch the intent: The service of this profile knows no intent/))
    expect(callsOf('watchIntent')).toEqual([])
  })

  it('says why a watch could not be added', async () => {
    const user = setup()
    answers.set('getIntent', (args: { intentId: string }) => okFetched({ intentId: args.intentId, status: 'EXECUTING' }))
    answers.set('watchIntent', () => ({ ok: false, error: { kind: 'NotFound', message: 'no such intent' } }))
    await user.keyboard('{Control>}k{/Control}')
    await user.paste(HASH)
    await user.click(screen.getByRole('option', { name: /^Watch intent/ }))
    await waitFor(() => expect(within(screen.getByRole('dialog')).getByRole('status')).toHaveTextContent('Could not watch the intent: no such intent'))
  })

  it('jumps to a view by name, and keeps focus inside while open', async () => {
    const user = setup()
    await user.keyboard('{Control>}k{/Control}')
    await user.keyboard('sett')
    expect(options()[0]).toHaveTextContent('Go to Settings')
    await user.tab()
    expect(screen.getByRole('combobox')).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(location()).toBe('/settings')
  })

  it('reaches views without a sidebar entry by name too', async () => {
    const user = setup()
    await user.keyboard('{Control>}k{/Control}')
    await user.keyboard('watched')
    expect(options()[0]).toHaveTextContent('Go to Watched filters')
    await user.keyboard('{Enter}')
    expect(location()).toBe('/watch/queries')
  })

  it('lists every view when nothing is typed and closes on a click outside', async () => {
    const user = setup()
    await user.keyboard('{Control>}k{/Control}')
    expect(options().map((o) => o.textContent)).toContain('Go to Search')
    expect(options().map((o) => o.textContent)).toContain('Go to Commit')
    await user.click(screen.getByRole('dialog').parentElement!)
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('lists every keyboard shortcut for "?", typed in it or pressed outside a field', async () => {
    const user = setup()
    await user.keyboard('?')
    const shortcuts = within(screen.getByRole('dialog')).getByLabelText('Keyboard shortcuts')
    for (const s of SHORTCUTS) expect(within(shortcuts).getByText(s.keys).closest('.kv-row')).toHaveTextContent(s.does)
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    await user.keyboard('{Control>}k{/Control}')
    expect(screen.queryByLabelText('Keyboard shortcuts')).not.toBeInTheDocument()
    await user.keyboard('?')
    expect(screen.getByLabelText('Keyboard shortcuts')).toBeInTheDocument()
  })

  it('takes "/" to the search box, opening Search from another view, but not while typing', async () => {
    const user = userEvent.setup()
    renderAt('/somewhere', [{ path: '/search', element: <input id={SEARCH_BOX_ID} aria-label="Find anything" /> }], (
      <>
        <input aria-label="Other field" />
        <CommandPalette />
      </>
    ))
    await user.click(screen.getByLabelText('Other field'))
    await user.keyboard('/')
    expect(screen.getByLabelText('Other field')).toHaveValue('/')
    expect(location()).toBe('/somewhere')
    await user.click(document.body)
    await user.keyboard('/')
    await waitFor(() => expect(screen.getByLabelText('Find anything')).toHaveFocus())
    expect(location()).toBe('/search')
    expect(screen.getByLabelText('Find anything')).toHaveValue('')
  })
})
