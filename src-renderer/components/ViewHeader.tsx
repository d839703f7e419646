import type { ReactNode } from 'react'

/**
 * The top of a view: its title (the `h1` the view's section is labelled by), an optional
 * logo before it (a view that shows one once loaded passes null until then, so the
 * title does not move), and the view's actions. `titleId` is the id the section's
 * `aria-labelledby` names.
 */
export function ViewHeader({
  title,
  titleId,
  logo,
  children,
}: {
  title: ReactNode
  titleId: string
  logo?: ReactNode
  /** Tabs, buttons and pickers that act on the whole view. */
  children?: ReactNode
}) {
  const heading = <h1 id={titleId}>{title}</h1>
  return (
    <header className="view-header">
      {logo !== undefined ? (
        <div className="chain-name">
          {logo}
          {heading}
        </div>
      ) : (
        heading
      )}
      {children}
    </header>
  )
}
