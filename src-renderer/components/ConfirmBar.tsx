import { useEffect, useRef, type ReactNode } from 'react'

interface ConfirmProps {
  /** What the action button says: exactly what it will do. */
  confirmLabel: string
  busy?: boolean
  /** The action cannot run yet (nothing chosen); Cancel still can. */
  disabled?: boolean
  onConfirm(): void
  onCancel(): void
}

/** The action and Cancel that end every step asking before it acts; a destructive action is drawn as one, and focus starts on Cancel. */
export function ConfirmButtons({ confirmLabel, busy = false, disabled = false, danger = false, onConfirm, onCancel }: ConfirmProps & { danger?: boolean }) {
  const cancel = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    if (danger) cancel.current?.focus()
  }, [danger])
  return (
    <div className="row">
      <button type="button" className={danger ? 'cache-danger' : 'primary'} onClick={onConfirm} disabled={busy || disabled}>
        {busy ? 'Working…' : confirmLabel}
      </button>
      <button type="button" ref={cancel} onClick={onCancel} disabled={busy}>
        Cancel
      </button>
    </div>
  )
}

/** An inline "are you sure" for destructive actions: focus lands on Cancel, Escape cancels. */
export function ConfirmBar({ children, ...props }: ConfirmProps & { children: ReactNode }) {
  return (
    <div
      className="notice notice-warn cache-confirm"
      role="alertdialog"
      aria-label="Confirm"
      onKeyDown={(e) => {
        if (e.key === 'Escape' && !props.busy) props.onCancel()
      }}
    >
      <div>{children}</div>
      <ConfirmButtons {...props} danger />
    </div>
  )
}
