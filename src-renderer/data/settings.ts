import { useMutation } from '@tanstack/react-query'
import type { BridgeArgs } from '@contract/bridge'
import type { AppInfo, ProfileView } from '@contract/app'
import type { SvcError } from '@contract/errors'
import { useConnection } from '../stores/connection'
import { call } from './call'
import { callValue } from './liveOrCached'

/**
 * The settings' actions (profiles, access keys, the connection test), each a mutation:
 * its state (`isPending`, `error`, `data`) is what the form draws, and every change to
 * the profiles or keys reads the app's state again, so the whole page sees it at once.
 */

const showInfo = (info: AppInfo) => useConnection.getState().setInfo(info)

/** Reads the app's state (profiles, the active one, key storage) again into the connection store. */
const refreshAppInfo = () => callValue('getAppInfo', undefined).then(showInfo, () => undefined)

/** Stores a profile's access key (it never comes back). */
export const useSetAccessKey = () =>
  useMutation({ mutationFn: (args: BridgeArgs<'setAccessKey'>) => callValue('setAccessKey', args), onSettled: refreshAppInfo })

export const useClearAccessKey = () =>
  useMutation({ mutationFn: (profileId: string) => callValue('clearAccessKey', { profileId }), onSettled: refreshAppInfo })

/**
 * Saves a profile (new or edited), then the key entered with it ('' for none); a key
 * refused still leaves the profile saved (`saved` and `error`).
 */
async function saveWithKey({ profile, key, allowPlain }: { profile: BridgeArgs<'saveProfile'>; key: string; allowPlain: boolean }): Promise<{ saved?: ProfileView; error?: SvcError }> {
  const r = await call('saveProfile', profile)
  if (!r.ok) return { error: r.error }
  if (key.trim()) {
    const k = await call('setAccessKey', { profileId: r.value.id, key: key.trim(), allowPlainText: allowPlain || undefined })
    if (!k.ok) return { saved: r.value, error: { ...k.error, message: `The profile was saved, but not its access key: ${k.error.message}` } }
  }
  return { saved: r.value }
}

export const useSaveProfile = () => useMutation({ mutationFn: saveWithKey, onSettled: refreshAppInfo })

/** Saves profiles one by one (an import: each a new profile), each answer kept in order. */
export const useSaveProfiles = () =>
  useMutation({
    mutationFn: async (profiles: ReadonlyArray<BridgeArgs<'saveProfile'>>) => {
      const results = []
      for (const p of profiles) results.push(await call('saveProfile', p))
      return results
    },
    onSettled: refreshAppInfo,
  })

/** Makes a profile the active one; main answers with the app's new state. */
export const useActivateProfile = () =>
  useMutation({ mutationFn: (id: string) => callValue('setActiveProfile', { id }), onSuccess: showInfo })

/** Removes a profile and its stored key; main answers with the app's new state. */
export const useRemoveProfile = () =>
  useMutation({ mutationFn: (id: string) => callValue('removeProfile', { id }), onSuccess: showInfo })

/** Tests a profile's connection (the chain list and the operations it answers). */
export const useTestConnection = () => useMutation({ mutationFn: (profileId: string) => callValue('testConnection', { profileId }) })
