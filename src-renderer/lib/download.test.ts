import { afterEach, describe, expect, it, vi } from 'vitest'
import { datedFilename, downloadText } from './download'

// jsdom's Blob has no text(); FileReader reads it the old way.
const readBlob = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result))
    reader.onerror = () => reject(reader.error)
    reader.readAsText(blob)
  })

describe('downloadText', () => {
  afterEach(() => vi.restoreAllMocks())

  it('clicks a temporary download link for a blob with the given name and type', async () => {
    const created: Blob[] = []
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
      created.push(b as Blob)
      return 'blob:test/1'
    })
    const clicked: { href: string; download: string; attached: boolean }[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download, attached: document.body.contains(this) })
    })

    downloadText('a,b\r\n', 'history-2026-11-20.csv', 'text/csv')

    expect(clicked).toEqual([{ href: 'blob:test/1', download: 'history-2026-11-20.csv', attached: true }])
    expect(document.querySelector('a[download]')).toBeNull()
    expect(created[0].type).toBe('text/csv;charset=utf-8')
    expect(await readBlob(created[0])).toBe('a,b\r\n')
  })
})

describe('datedFilename', () => {
  it('names the file with the local date', () => {
    expect(datedFilename('intent-history', 'csv', new Date(2026, 0, 5, 23, 59))).toBe('intent-history-2026-01-05.csv')
    expect(datedFilename('intent-history', '.json', new Date(2026, 10, 20))).toBe('intent-history-2026-11-20.json')
  })
})
