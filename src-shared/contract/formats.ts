/** The `0x…` formats, once for main, the renderer and the simulator: case-insensitive, and without zod for start-up code. */

/** A 32-byte value: intent ids and transaction hashes. */
export const HASH_32 = /^0x[0-9a-fA-F]{64}$/
/** An EVM address (20 bytes). */
export const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/
/** Any hex data, possibly empty (`0x`). */
export const HEX_DATA = /^0x[0-9a-fA-F]*$/
/** At least one hex digit after `0x`. */
export const HEX_NUMBER = /^0x[0-9a-fA-F]+$/
/** Already plain decimal text: kept exactly as sent, so a value sent back is unmodified. */
export const PLAIN_DECIMAL = /^-?\d+(?:\.\d+)?$/

export const isHash32 = (s: string): boolean => HASH_32.test(s)
export const isEvmAddress = (s: string): boolean => EVM_ADDRESS.test(s)
export const isHexData = (s: string): boolean => HEX_DATA.test(s)

/** Every `0x…` run in free text (pasted prose, a log line), in order. */
export const hexRunsIn = (text: string): string[] => text.match(/0x[0-9a-fA-F]+/g) ?? []

/**
 * Addresses, hashes and ids of every chain are printable ASCII: anything else in one is a
 * look-alike (Cyrillic “с”), a bidi control or an invisible character, and the value
 * would display as one address and copy as another.
 */
export const PLAIN_TOKEN = /^[\x21-\x7e]*$/
export const isPlainToken = (s: string): boolean => PLAIN_TOKEN.test(s)

/** Bidi controls, zero-width and other invisible format characters, variation selectors and blank fillers. */
const INVISIBLE = /\p{Cf}|\p{Variation_Selector}|\u034f|\u17b4|\u17b5|[\u115f\u1160\u3164\uffa0]/u

/** Whether text holds a bidi control or an invisible character anywhere. */
export const hasInvisibleChars = (s: string): boolean => INVISIBLE.test(s)

/**
 * Why a value given as an address, hash or id is not plain ASCII, naming the first
 * offending character by its code point; undefined when it is plain.
 */
export function plainTokenProblem(s: string): string | undefined {
  const ch = /[^\x21-\x7e]/u.exec(s)?.[0]
  if (ch === undefined) return undefined
  const code = `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`
  if (INVISIBLE.test(ch)) return `holds an invisible or direction-changing character (${code})`
  if (/[\s\p{Cc}]/u.test(ch)) return `holds a space or control character (${code})`
  return `holds “${ch}” (${code}), which is not a plain ASCII letter or digit: it may be a look-alike`
}

/** `plainTokenProblem` said of the field, so a look-alike is named, not just refused: "This address holds …". */
export function namedTokenProblem(s: string, what = 'value'): string | undefined {
  const problem = plainTokenProblem(s)
  return problem && `This ${what} ${problem}`
}
