import { create } from 'zustand'
import type { Intent } from '@contract/service'

/** One copy of an intent as it was at a fetch: from the service, or as the cache held it. */
export interface IntentVersion {
  intent: Intent
  /** epoch ms of the fetch that produced it */
  fetchedAt: number
  origin: 'service' | 'cache'
}

const MAX_VERSIONS = 20
const keyOf = (profileId: string, intentId: string) => `${profileId}|${intentId.toLowerCase()}`

interface VersionsState {
  byKey: Readonly<Record<string, readonly IntentVersion[]>>
  record(profileId: string, intentId: string, version: IntentVersion): void
}

/**
 * Copies of each intent seen in this session, oldest first: the cached copy found before
 * a refetch replaced it, then every fetch that changed something. The cache keeps only the newest copy, so this
 * is what lets a person compare an intent with itself as it was earlier.
 */
const useIntentVersions = create<VersionsState>()((set) => ({
  byKey: {},
  record: (profileId, intentId, version) =>
    set((s) => {
      const key = keyOf(profileId, intentId)
      const list = s.byKey[key] ?? []
      if (list.some((v) => v.fetchedAt === version.fetchedAt)) return s
      // A refetch that changed nothing adds no copy: the list reads as a history of changes.
      const before = list.filter((v) => v.fetchedAt < version.fetchedAt).at(-1)
      if (before && JSON.stringify(before.intent) === JSON.stringify(version.intent)) return s
      const next = [...list, version].sort((a, b) => a.fetchedAt - b.fetchedAt).slice(-MAX_VERSIONS)
      return { byKey: { ...s.byKey, [key]: next } }
    }),
}))

const NONE: readonly IntentVersion[] = []

/** This session's copies of one intent (none without a profile). */
export const useVersionsOf = (profileId: string | undefined, intentId: string): readonly IntentVersion[] =>
  useIntentVersions((s) => (profileId ? (s.byKey[keyOf(profileId, intentId)] ?? NONE) : NONE))

export const recordVersion = (profileId: string, intentId: string, version: IntentVersion) =>
  useIntentVersions.getState().record(profileId, intentId, version)
