import type * as Download from '../lib/download'

/**
 * Files a view saved, in order, for tests that check exports. A test file mocks
 * `lib/download` with `recordDownloads`; `resetWorld` empties the list.
 */
export const downloads: Array<{ text: string; filename: string }> = []

export const recordDownloads = (original: typeof Download): typeof Download => ({
  ...original,
  downloadText: (text, filename) => {
    downloads.push({ text, filename })
  },
})
