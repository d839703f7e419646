import { pad2 } from './format'

/**
 * Saves data as a file from the page. Electron shows its save dialog for it and a
 * browser its download bar; neither needs a bridge method or file-system access.
 */

/** Object URLs are released after the click has had time to start the download. */
const REVOKE_AFTER_MS = 60_000

export function downloadBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob)
  const a = document.createElement('a')
  a.href = url
  a.download = filename
  a.rel = 'noopener'
  a.style.display = 'none'
  document.body.appendChild(a)
  try {
    a.click()
  } finally {
    a.remove()
    setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS)
  }
}

export function downloadText(text: string, filename: string, mimeType: string): void {
  downloadBlob(new Blob([text], { type: `${mimeType};charset=utf-8` }), filename)
}

/** `name-2026-11-20.ext` in local time, so a day's exports sort and group by name. */
export function datedFilename(stem: string, extension: string, at: Date = new Date()): string {
  const day = `${at.getFullYear()}-${pad2(at.getMonth() + 1)}-${pad2(at.getDate())}`
  return `${stem}-${day}.${extension.replace(/^\./, '')}`
}
