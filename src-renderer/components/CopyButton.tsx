import { useState } from 'react'

/** Copies exact text (never a formatted rendering) and says so for a moment. */
export function CopyButton({ text, label = 'Copy' }: { text: string; label?: string }) {
  const [done, setDone] = useState<'idle' | 'copied' | 'failed'>('idle')
  return (
    <button
      type="button"
      className="copy"
      aria-label={`${label}: ${text.length > 24 ? `${text.slice(0, 10)}…` : text}`}
      title={done === 'failed' ? 'The clipboard is not available here' : `Copy ${text}`}
      onClick={async () => {
        try {
          await navigator.clipboard.writeText(text)
          setDone('copied')
        } catch {
          setDone('failed')
        }
        setTimeout(() => setDone('idle'), 1500)
      }}
    >
      {done === 'copied' ? 'Copied' : done === 'failed' ? 'Copy failed' : label}
    </button>
  )
}
