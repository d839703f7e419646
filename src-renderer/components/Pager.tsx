import type { ReactNode } from 'react'
import { plainOptions, SelectField } from './SelectField'

/**
 * Previous / next paging of offset and cursor lists, with an optional page size picker.
 * Both buttons are off while a page is loading, so a double click cannot skip a page.
 */
export function Pager({
  label,
  className,
  busy = false,
  hasPrevious,
  hasNext,
  onPrevious,
  onNext,
  pageSize,
  summary,
  current,
  children,
}: {
  /** Names the pager for screen readers ("Pages"). */
  label: string
  className?: string
  busy?: boolean
  hasPrevious: boolean
  hasNext: boolean
  onPrevious(): void
  onNext(): void
  pageSize?: { value: number; sizes: readonly number[]; onChange(size: number): void }
  summary?: ReactNode
  current?: ReactNode
  children?: ReactNode
}) {
  return (
    <div className={`row${className ? ` ${className}` : ''}`} role="navigation" aria-label={label}>
      {summary}
      {pageSize ? (
        <SelectField label="Per page" layout="inline" value={pageSize.value} options={plainOptions(pageSize.sizes)} onChange={pageSize.onChange} />
      ) : null}
      <button type="button" disabled={busy || !hasPrevious} onClick={onPrevious}>
        ← Previous
      </button>
      {current}
      <button type="button" disabled={busy || !hasNext} onClick={onNext}>
        Next →
      </button>
      {children}
    </div>
  )
}
