import type { Page } from '@playwright/test'

/**
 * Desktop notices the page shows (the browser host shows them itself), recorded by
 * wrapping `window.Notification` in an init script: `page.addInitScript(recordNotifications)`.
 */

interface Recorded {
  title: string
  body?: string
  onclick: null | (() => void)
}

declare global {
  interface Window {
    __notifications: Recorded[]
  }
}

/** Replaces `Notification` with a recorder that reports the real permission; a test clicks a notice by calling its `onclick`. */
export function recordNotifications() {
  const Real = window.Notification
  window.__notifications = []
  function Recording(this: Recorded, title: string, options?: NotificationOptions) {
    this.title = title
    this.body = options?.body
    this.onclick = null
    window.__notifications.push(this)
  }
  Recording.prototype.close = () => {}
  Object.defineProperty(Recording, 'permission', { get: () => Real.permission })
  Object.defineProperty(Recording, 'requestPermission', { value: () => Real.requestPermission() })
  window.Notification = Recording as unknown as typeof Notification
}

/** The notices shown so far, oldest first. */
export const notifications = (page: Page): Promise<Array<{ title: string; body?: string }>> =>
  page.evaluate(() => window.__notifications.map(({ title, body }) => ({ title, body })))
