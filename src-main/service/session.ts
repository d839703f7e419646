import type { DataSource } from '../../src-shared/contract/app'
import type { SvcClient } from './client'

/** A profile's service client, and where its answers come from. */
export interface ServiceSession {
  client: SvcClient
  /** Stamped at call time, after the answer arrived. */
  source(): DataSource
}
