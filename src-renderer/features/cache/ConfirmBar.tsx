import { useEffect, useRef, type ReactNode } from 'react'

/**
 * An inline "are you sure" for destructive actions: focus lands on Cancel, Escape
 * cancels, and the action button says exactly what it will do.
 */
export function ConfirmBar({
  children,
  confirmLabel,
  busy = false,
  onConfirm,
  onCancel,
}: {
  children: ReactNode
  confirmLabel: string
  busy?: boolean
  onConfirm(): void
  onCancel(): void
}) {
  const cancel = useRef<HTMLButtonElement>(null)
  useEffect(() => cancel.current?.focus(), [])
  return (
    <div
      className="notice notice-warn cache-confirm"
      role="alertdialog"
      aria-label="Confirm"
      onKeyDown={(e) => {
        if (e.key === 'Escape' && !busy) onCancel()
      }}
    >
      <div>{children}</div>
      <div className="row">
        <button type="button" className="cache-danger" onClick={onConfirm} disabled={busy}>
          {busy ? 'Working…' : confirmLabel}
        </button>
        <button type="button" ref={cancel} onClick={onCancel} disabled={busy}>
          Cancel
        </button>
      </div>
    </div>
  )
}
