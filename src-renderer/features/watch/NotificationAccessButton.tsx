import { useState } from 'react'
import { askNotificationPermission, notificationAccess } from '../../lib/pageNotification'
import { useConnection } from '../../stores/connection'

/**
 * The browser's notification permission, asked on a click; nothing once granted or where
 * the page cannot notify. `hostOnly`: in the desktop app main notifies, so only the browser
 * host needs it. `about` ends the sentence shown when the browser blocks them.
 */
export function NotificationAccessButton({ hostOnly, about }: { hostOnly?: boolean; about: string }) {
  const runtime = useConnection((s) => s.info?.runtime)
  const [access, setAccess] = useState(notificationAccess)
  if ((hostOnly && runtime !== 'host') || access === 'granted' || access === 'unsupported') return null
  if (access === 'denied') return <p className="muted small">This browser blocks notifications from the app; allow them in the site settings {about}.</p>
  return (
    <button type="button" onClick={() => void askNotificationPermission().then(setAccess)}>
      Enable desktop notifications
    </button>
  )
}
