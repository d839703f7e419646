import { afterEach, describe, expect, it, vi } from 'vitest'
import { showPageNotification } from './pageNotification'

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('showPageNotification', () => {
  it('shows a granted notice, and a click runs onOpen and closes it', () => {
    const shown: Array<{ title: string; options: NotificationOptions; close: () => void; onclick?: () => void }> = []
    const FakeNotification = vi.fn(function (this: (typeof shown)[number], title: string, options: NotificationOptions) {
      Object.assign(this, { title, options, close: vi.fn() })
      shown.push(this)
    })
    vi.stubGlobal('Notification', Object.assign(FakeNotification, { permission: 'granted' }))
    const onOpen = vi.fn()
    showPageNotification({ title: 'Intent finished', body: 'SUCCEEDED' }, 'watch:1', onOpen)
    expect(shown).toHaveLength(1)
    expect(shown[0]).toMatchObject({ title: 'Intent finished', options: { body: 'SUCCEEDED', tag: 'watch:1' } })
    shown[0].onclick?.()
    expect(onOpen).toHaveBeenCalledTimes(1)
    expect(shown[0].close).toHaveBeenCalledTimes(1)
  })

  it('says nothing and throws nothing when the host refuses a granted notification', () => {
    const Refusing = vi.fn(function () {
      throw new TypeError('Illegal constructor')
    })
    vi.stubGlobal('Notification', Object.assign(Refusing, { permission: 'granted' }))
    expect(() => showPageNotification({ title: 't', body: 'b' }, 'watch:2')).not.toThrow()
    expect(Refusing).toHaveBeenCalledTimes(1)
  })
})
