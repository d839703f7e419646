import { create } from 'zustand'
import type { SvcError } from '@contract/errors'
import type { PageParam, ReadOutcome } from '@contract/paging'

/** One "load all" run of a paged list (`data/readAll.ts` runs it). */
export interface ReadAllState {
  running: boolean
  /** Set once cancel was asked for; the page in flight still lands. */
  cancelling: boolean
  loaded: number
  cap: number
  pages: number
  /** Items the list held again on a later page; shown once. */
  duplicates: number
  outcome?: ReadOutcome
  error?: SvcError
  /** Where "Continue" resumes; undefined once the list ended. */
  next?: PageParam
  /** Whether the run reads the cache only (the app was offline when it started). */
  offline: boolean
  /**
   * Set when the list is known to be longer than what was loaded: the service said more
   * remained before it could not be read further. A list the cache completes short of it
   * is partial, not "all".
   */
  atLeast?: number
}

/** The runs by query key hash: a run belongs to its list, not to a component, so coming back finds its progress. */
export const useReadAllRuns = create<Record<string, ReadAllState>>()(() => ({}))
