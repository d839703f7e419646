import { FormField } from '../../components/FormField'
import { SelectField, type SelectOption } from '../../components/SelectField'
import type { BigIntForm } from '@contract/dialect'
import type { DialectDraft, DialectErrors } from './dialectDraft'

const BIG_INT_OPTIONS: ReadonlyArray<SelectOption<BigIntForm>> = [
  { value: 'number', label: 'Numbers — the spec' },
  { value: 'string', label: 'Strings — deployed service' },
]

/** The "Wire form" part of the profile form: how the service behind this profile spells its wire. */
export function DialectFields({ draft, errors, onChange }: { draft: DialectDraft; errors: DialectErrors; onChange: (next: DialectDraft) => void }) {
  return (
    <fieldset className="dialect-fields">
      <legend>Wire form</legend>
      <p className="muted small">
        The spec’s form is Svc with big integers as numbers; a deployed service uses its own name and strings. Field names
        with “service” follow the name automatically.
      </p>
      {/* No label here contains "name" (nor "rename"): a lookup of the "Name" label by substring must find only the profile's name. */}
      <div className="grid-form">
        <FormField label="RPC service" help="The service name in /rpc/<name>/<Op>; Svc in the spec." error={errors.serviceName}>
          <input value={draft.serviceName} placeholder="Svc" onChange={(e) => onChange({ ...draft, serviceName: e.target.value })} />
        </FormField>
        <SelectField label="Big integers" value={draft.bigInts} options={BIG_INT_OPTIONS} onChange={(bigInts) => onChange({ ...draft, bigInts })} />
        <FormField
          label="Vendor words"
          error={errors.renames}
          help="One neutral=wire rename per line, for the vendor words the spec neutralised (e.g. priceFeedId=…)."
          className="dialect-renames"
        >
          <textarea rows={3} spellCheck={false} value={draft.renames} onChange={(e) => onChange({ ...draft, renames: e.target.value })} />
        </FormField>
      </div>
    </fieldset>
  )
}
