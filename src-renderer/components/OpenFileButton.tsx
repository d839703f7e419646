import { useRef } from 'react'

/** A button that opens the file dialog; the input is cleared after each pick, so picking the same file again reads it again. */
export function OpenFileButton({ label, accept, testId, onFile }: { label: string; accept: string; testId: string; onFile(file: File): void }) {
  const input = useRef<HTMLInputElement>(null)
  return (
    <>
      <button type="button" onClick={() => input.current?.click()}>
        {label}
      </button>
      <input
        ref={input}
        type="file"
        accept={accept}
        hidden
        data-testid={testId}
        onChange={(e) => {
          const file = e.target.files?.[0]
          e.target.value = ''
          if (file) onFile(file)
        }}
      />
    </>
  )
}
