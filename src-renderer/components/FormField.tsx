import { cloneElement, useId, type ReactElement } from 'react'

/** What `FormField` wires into its control: any control that takes these fits it. */
export type ControlProps = {
  id?: string
  'aria-invalid'?: boolean
  'aria-describedby'?: string
}

/**
 * A labelled form control with its help text and, when the value is wrong, the problem
 * right under it; the control is wired to both for screen readers. `inline` lays the
 * label beside the control (toolbars and pagers) rather than above it.
 */
export function FormField({
  label,
  help,
  error,
  children,
  className,
  inline = false,
}: {
  label: string
  help?: string
  error?: string
  children: ReactElement<ControlProps>
  className?: string
  inline?: boolean
}) {
  const id = useId()
  const helpId = help ? `${id}-help` : undefined
  const errorId = error ? `${id}-error` : undefined
  const describedBy = [errorId, helpId].filter(Boolean).join(' ') || undefined
  return (
    <div className={`${inline ? 'row small' : 'field'}${className ? ` ${className}` : ''}`}>
      <label htmlFor={id}>{label}</label>
      {cloneElement(children, { id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy })}
      {error ? (
        <span id={errorId} className="field-error">
          {error}
        </span>
      ) : null}
      {help ? (
        <span id={helpId} className="muted small">
          {help}
        </span>
      ) : null}
    </div>
  )
}
