/**
 * Service objects, requests and responses in their normalised internal shape: amounts
 * as decimal strings, ids and chain ids as numbers, one shape where the spec shows two.
 * Each schema accepts what the service may send and produces that shape; parsing an
 * already-normalised value again yields the same value, so the bridge can validate
 * objects the renderer sends back (for example an intent to commit).
 */
export * from './service/constants'
export * from './service/bounds'
export * from './service/primitives'
export * from './service/intent'
export * from './service/receipt'
export * from './service/chains'
export * from './service/yield'
export * from './service/operations'
