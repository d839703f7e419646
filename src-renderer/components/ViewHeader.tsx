import type { ReactNode } from 'react'

/**
 * The top of a view: its title (the `h1` the view's section is labelled by), an optional
 * logo before it (a view that shows one once loaded passes null until then, so the
 * title does not move) or a line under it (a live count), and the view's actions.
 */
export function ViewHeader({
  title,
  titleId,
  logo,
  subtitle,
  children,
}: {
  title: ReactNode
  titleId: string
  logo?: ReactNode
  subtitle?: ReactNode
  /** Tabs, buttons and pickers that act on the whole view. */
  children?: ReactNode
}) {
  const heading = <h1 id={titleId}>{title}</h1>
  return (
    <header className="view-header">
      {logo === undefined && subtitle === undefined ? (
        heading
      ) : (
        <div className={logo === undefined ? undefined : 'chain-name'}>
          {logo}
          {heading}
          {subtitle}
        </div>
      )}
      {children}
    </header>
  )
}
