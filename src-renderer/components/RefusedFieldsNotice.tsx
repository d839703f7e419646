import { refusedFieldsIn } from '@contract/service/bounds'

/**
 * Which fields of the shown records the app refused when it read the service's answer
 * (a time in year 9999, decimals of 10^15…): they are missing from what the page shows,
 * and this says which and why, so nobody mistakes a dropped field for one not sent.
 */
export function RefusedFieldsNotice({ records }: { records: readonly unknown[] }) {
  const refused = records.flatMap((r) => refusedFieldsIn(r))
  if (!refused.length) return null
  return (
    <div className="notice notice-warn" role="status" aria-label="Refused fields">
      <p>
        {refused.length === 1 ? 'One field' : `${refused.length} fields`} of the service's answer could not be believed and are not shown:
      </p>
      <ul className="small">
        {refused.map((n, i) => (
          <li key={`${n.field}-${i}`}>
            <code>{n.field}</code>: {n.reason}
          </li>
        ))}
      </ul>
    </div>
  )
}
