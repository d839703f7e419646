/**
 * The `0x…` formats the service uses, written once for main, the renderer and the
 * simulator. Case-insensitive on input: addresses arrive checksummed (mixed case), hashes
 * in either case. Plain regular expressions with no zod, so start-up code may use them.
 */

/** A 32-byte value: intent ids and transaction hashes. */
export const HASH_32 = /^0x[0-9a-fA-F]{64}$/
/** An EVM address (20 bytes). */
export const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/
/** Any hex data, possibly empty (`0x`). */
export const HEX_DATA = /^0x[0-9a-fA-F]*$/
/** At least one hex digit after `0x`. */
export const HEX_NUMBER = /^0x[0-9a-fA-F]+$/

export const isHash32 = (s: string): boolean => HASH_32.test(s)
export const isEvmAddress = (s: string): boolean => EVM_ADDRESS.test(s)
export const isHexData = (s: string): boolean => HEX_DATA.test(s)

/** Every `0x…` run in free text (pasted prose, a log line), in order. */
export const hexRunsIn = (text: string): string[] => text.match(/0x[0-9a-fA-F]+/g) ?? []
