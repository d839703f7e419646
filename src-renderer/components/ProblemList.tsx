import type { ReactNode } from 'react'

/**
 * An alert headed by `title` over the problems it lists (a file's, a pasted intent's), the
 * one way a refused input says everything that is wrong with it at once; `children` follow
 * the list.
 */
export function ProblemList(p: { className: string; label?: string; title: ReactNode; lines: readonly ReactNode[]; listClassName?: string; children?: ReactNode }) {
  return (
    <div className={p.className} role="alert" aria-label={p.label}>
      {p.title}
      {p.lines.length ? (
        <ul className={p.listClassName}>
          {p.lines.map((l, i) => (
            <li key={i}>{l}</li>
          ))}
        </ul>
      ) : null}
      {p.children}
    </div>
  )
}
