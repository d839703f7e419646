import { useId, useState, type KeyboardEvent } from 'react'
import { FormField } from '../../components/FormField'
import { Suggestions } from '../../components/Suggestions'
import { useDraft } from '../../lib/useDraft'
import { providerSuggestions, useProviderCodes } from '../../data/reference/providerCodes'

const CODE = /^[A-Z][A-Z0-9_]*$/

/**
 * A route provider code: typed or picked from the codes seen so far. The filter applies
 * on Enter, on leaving the field, or when a suggestion is picked, not on every key, so
 * half-typed codes are never sent to the service.
 */
export function ProviderPicker({ value, onChange }: { value: string; onChange(code: string): void }) {
  const listId = useId()
  const codes = useProviderCodes()
  const suggestions = providerSuggestions(codes)
  const [draft, setDraft] = useDraft(value, value)
  const [error, setError] = useState<string>()

  const commit = (text: string) => {
    const code = text.trim().toUpperCase()
    if (code && !CODE.test(code)) {
      setError('A provider code is upper-case letters, digits and _, starting with a letter (e.g. AUTO)')
      return
    }
    setError(undefined)
    if (code !== value) onChange(code)
  }

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') commit(draft)
    if (e.key === 'Escape') {
      setDraft(value)
      setError(undefined)
    }
  }

  return (
    <>
      <FormField label="Route provider" error={error} help="AUTO or a provider code; Enter applies">
        <input
          list={listId}
          value={draft}
          placeholder="Any"
          autoComplete="off"
          spellCheck={false}
          onChange={(e) => {
            const next = e.target.value.toUpperCase()
            setDraft(next)
            if (suggestions.includes(next) || next === '') commit(next)
          }}
          onKeyDown={onKeyDown}
          onBlur={() => commit(draft)}
        />
      </FormField>
      <Suggestions id={listId} values={suggestions} />
    </>
  )
}
