import { useDisplay } from '../../stores/display'
import { zoneName } from '../../lib/format'
import { Checkbox } from '../../components/Checkbox'

/** How the app shows things: for now, the zone of every date and time. */
export function DisplaySettings() {
  const utc = useDisplay((s) => s.utc)
  const setUtc = useDisplay((s) => s.setUtc)
  return (
    <section className="card" aria-labelledby="display-settings-title">
      <h2 id="display-settings-title">Display</h2>
      <Checkbox className="row" label="Show times in UTC" checked={utc} onChange={setUtc} />
      <p className="muted small" data-testid="time-zone-shown">
        Dates and times show in {utc ? 'UTC' : `this computer's time zone (${zoneName()})`}, and say which.
      </p>
    </section>
  )
}
