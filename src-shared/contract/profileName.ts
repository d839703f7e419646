/**
 * Profile names a person can trust at a glance: the name is read before a key is typed
 * into the profile, so it must not pass for another.
 *
 * - **Hidden characters are refused**: bidirectional controls reorder what follows (a
 *   name ending in U+202E made the URL beside it read backwards); zero-width and other
 *   invisible characters make two alike-looking names differ; control characters too.
 * - **Names are compared by their skeleton** (`nameSkeleton`): NFKC, accents dropped,
 *   lowercase, the Greek and Cyrillic letters that look Latin mapped to them, plus
 *   `0`→`o`, `1`/`|`→`l`, `rn`→`m` and `vv`→`w`. Two names with one skeleton collide.
 *
 * A short hand-written mapping rather than Unicode's confusables table (about 6,000 pairs
 * to keep current): the attack is a look-alike of a Latin name, and a short list can be
 * reviewed in full. Anything it misses still shows its URL's origin wherever a key is asked.
 */

/** Characters refused in a profile name (see above). */
// eslint-disable-next-line no-control-regex, no-misleading-character-class -- these characters are exactly what this refuses
const HIDDEN = /[\u0000-\u001f\u007f-\u009f\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufffb]|\udb40[\udc00-\udc7f]/

/** Why `name` is refused, or `undefined` when it may be used. */
export function profileNameProblem(name: string): string | undefined {
  const at = name.search(HIDDEN)
  if (at < 0) return undefined
  const code = name.codePointAt(at)!.toString(16).toUpperCase().padStart(4, '0')
  return `The name holds an invisible or text-direction character (U+${code}); type the name again without it.`
}

/** Greek and Cyrillic letters (both cases) that look like Latin ones, and those Latin letters. */
const LOOK_ALIKES: Record<string, string> = {
  // Greek capitals
  Α: 'a', Β: 'b', Ε: 'e', Ζ: 'z', Η: 'h', Ι: 'i', Κ: 'k', Μ: 'm', Ν: 'n', Ο: 'o', Ρ: 'p', Τ: 't', Υ: 'y', Χ: 'x',
  // Greek small
  α: 'a', β: 'b', γ: 'y', ε: 'e', η: 'n', ι: 'i', κ: 'k', ν: 'v', ο: 'o', ρ: 'p', τ: 't', υ: 'u', χ: 'x', ω: 'w', ς: 'c',
  // Cyrillic capitals
  А: 'a', В: 'b', Е: 'e', К: 'k', М: 'm', Н: 'h', О: 'o', Р: 'p', С: 'c', Т: 't', Х: 'x', У: 'y', Ѕ: 's', І: 'i', Ј: 'j', Ӏ: 'l', Ԛ: 'q', Ԝ: 'w',
  // Cyrillic small
  а: 'a', в: 'b', е: 'e', к: 'k', м: 'm', н: 'h', о: 'o', р: 'p', с: 'c', т: 't', х: 'x', у: 'y', ѕ: 's', і: 'i', ј: 'j', ӏ: 'l', ԛ: 'q', ԝ: 'w',
  һ: 'h', ԁ: 'd', ь: 'b', п: 'n', г: 'r',
  // Latin letters and digits that pass for others
  ı: 'i', ɑ: 'a', ɡ: 'g', '0': 'o', '1': 'l', '|': 'l',
}

/** What a name looks like, for telling whether two names can be told apart (see above). */
export function nameSkeleton(name: string): string {
  const plain = name.normalize('NFKC').normalize('NFD').replace(/\p{M}/gu, '')
  let out = ''
  for (const ch of plain) out += LOOK_ALIKES[ch] ?? ch.toLowerCase()
  return out.replace(/rn/g, 'm').replace(/vv/g, 'w').replace(/\s+/g, ' ').trim()
}

export const namesLookAlike = (a: string, b: string): boolean => nameSkeleton(a) === nameSkeleton(b)
