import { expect } from 'vitest'

/**
 * A form field refuses its value where a person is looking: the control is marked
 * invalid, and the message sits in the field itself (its `.field` wrapper), wired to the
 * control as its description where the form does that.
 */
export function expectFieldProblem(control: HTMLElement, message: RegExp | string): void {
  expect(control).toHaveAttribute('aria-invalid', 'true')
  const field = control.closest('.field, [role="group"]')
  expect(field, 'the control sits in a field wrapper').not.toBeNull()
  expect(field).toHaveTextContent(message)
  const describedBy = control.getAttribute('aria-describedby')
  if (describedBy) expect(control).toHaveAccessibleDescription(message instanceof RegExp ? message : expect.stringContaining(message))
}
