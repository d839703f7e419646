import { useState } from 'react'
import { CopyButton } from '../components/CopyButton'
import { useConnection } from '../stores/connection'

const WHAT_TO_DO = {
  profiles: 'add the service profiles again in Settings',
  'access keys': 'enter the access keys again in Settings',
  'watch list': 'add the watches again on the Watch board',
  'watched queries': 'save the filters again from History',
} as const

/**
 * Says which settings files this launch could not read. The main process moved each
 * aside rather than fail to start; the person needs to know where it went, and that the
 * app runs on defaults until they restore or re-enter what was in it.
 */
export function SettingsRecoveredBanner() {
  const recovered = useConnection((s) => s.info?.recoveredSettings)
  const [dismissed, setDismissed] = useState(false)
  if (dismissed || !recovered?.length) return null
  return (
    <div className="notice notice-warn" role="alert" aria-label="Settings could not be read">
      <strong>Some settings could not be read, so the app started without them</strong>
      <ul>
        {recovered.map((r) => (
          <li key={r.file}>
            The {r.file} file ({r.reason}) was kept as <code>{r.backupPath}</code> <CopyButton text={r.backupPath} />: {WHAT_TO_DO[r.file]}, or
            put the file back from that copy while the app is closed.
          </li>
        ))}
      </ul>
      <button type="button" onClick={() => setDismissed(true)}>
        Dismiss
      </button>
    </div>
  )
}
