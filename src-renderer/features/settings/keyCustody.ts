import type { KeyStorageInfo } from '@contract/app'

/**
 * What is true of a stored access key, in words, for the mode the app runs in. The
 * desktop app keeps keys encrypted with the operating system's keyring (Electron
 * safeStorage) when there is a real one; the browser host, and a desktop without a
 * usable keyring, keep them as plain text in a file only the user's account can read.
 */
export function keyCustodyText(storage: KeyStorageInfo): string {
  const where = "Access keys stay in the app's main process; this window can only set or clear them."
  if (storage.encrypted)
    return `${where} They are saved encrypted with the operating system's keyring (${storage.backend}), in a file only your user account can read.`
  if (storage.backend === 'file')
    return `${where} The browser host saves them without encryption, in a file only your user account can read (the desktop app encrypts them with the operating system's keyring).`
  return `${where} This computer offers no keyring the app can use (${storage.backend}), so a key is saved without encryption, in a file only your user account can read, and only after you choose that.`
}
