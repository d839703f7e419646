import { useId, useState } from 'react'
import { CommittedInput } from '../../components/CommittedInput'
import { FormField } from '../../components/FormField'
import { Suggestions } from '../../components/Suggestions'
import { providerSuggestions, useProviderCodes } from '../../data/reference/providerCodes'

const CODE = /^[A-Z][A-Z0-9_]*$/

/**
 * A route provider code: typed or picked from the codes seen so far. The filter applies
 * on Enter, on leaving the field, or when a suggestion is picked, not on every key, so
 * half-typed codes are never sent to the service. A malformed code is refused with why.
 */
export function ProviderPicker({ value, onChange }: { value: string; onChange(code: string): void }) {
  const listId = useId()
  const suggestions = providerSuggestions(useProviderCodes())
  const [error, setError] = useState<string>()
  const commit = (code: string) => {
    if (code && !CODE.test(code)) return setError('A provider code is upper-case letters, digits and _, starting with a letter (e.g. AUTO)')
    onChange(code)
  }
  return (
    <>
      <FormField label="Route provider" error={error} help="AUTO or a provider code; Enter applies">
        <CommittedInput
          list={listId}
          value={value}
          placeholder="Any"
          autoComplete="off"
          spellCheck={false}
          normalise={(typed) => typed.toUpperCase()}
          commitNow={(code) => code === '' || suggestions.includes(code)}
          onCommit={commit}
          onInput={() => setError(undefined)}
          onKeyDown={(e) => e.key === 'Escape' && setError(undefined)}
        />
      </FormField>
      <Suggestions id={listId} values={suggestions} />
    </>
  )
}
