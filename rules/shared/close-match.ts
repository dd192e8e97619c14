import {CloseMatcher, componentNameLimit} from '../../src/shared/close-match.js'
import {distance} from 'fastest-levenshtein'

export {CloseMatcher, closestWithin, nameLimit} from '../../src/shared/close-match.js'

/** The closest of `candidates` to `name` (not `name` itself) when it is near enough to be a typo; case is ignored. */
export function didYouMean(name: string, candidates: Iterable<string>): string | undefined {
  const others = [...candidates].filter((candidate) => candidate !== name)
  if (others.length === 0) return undefined
  const found = new CloseMatcher(others.map((candidate) => candidate.toLowerCase())).findIndex(name.toLowerCase(), componentNameLimit(name))
  return found === undefined ? undefined : others[found]
}

/**
 * Whether a close address (`guides/install` for `guides/instal`) is clearly the one a broken path
 * meant, not a neighbour: a wrong "did you mean" is worse than none. Yes when the two differ only in
 * case and separators (`agents_sdk`, `agentssdk`); otherwise they must have the same folders and words
 * but in one segment, and each word that differs must be a typo of the other (an edit per four letters,
 * or two neighbouring letters swapped): not another word (`fastapi`, `restapi`), not a word more or less (`getting-started-go`), not
 * another language or version folder (`ja/…`, `v1/…` for `v2/…`).
 */
export function clearlyMeant(target: string, candidate: string): boolean {
  const bare = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}/]+/gu, '')
  if (bare(target) === bare(candidate)) return true
  const targetSegments = target.toLowerCase().split('/')
  const candidateSegments = candidate.toLowerCase().split('/')
  if (targetSegments.length !== candidateSegments.length) return false
  const differing = targetSegments.flatMap((segment, index) => (segment === candidateSegments[index] ? [] : [[segment, candidateSegments[index]!] as const]))
  if (differing.length !== 1) return false
  const [written, meant] = differing[0]!
  const writtenWords = written.split(/[-_.\s]+/)
  const meantWords = meant.split(/[-_.\s]+/)
  if (writtenWords.length !== meantWords.length) return false
  return writtenWords.every((word, index) => {
    const other = meantWords[index]!
    if (word === other) return true
    // `2024` for `2025` names another year, `v2` for `v1` another version: numbers are never typos.
    if (/\d/.test(word) || /\d/.test(other)) return false
    return distance(word, other) <= Math.floor(Math.max(word.length, other.length) / 4) || swapsTwoLetters(word, other)
  })
}

/** `intsall` for `install`: two neighbouring letters swapped. */
function swapsTwoLetters(a: string, b: string): boolean {
  if (a.length !== b.length) return false
  const at = [...a].findIndex((letter, index) => letter !== b[index])
  return at !== -1 && at + 1 < a.length && a[at] === b[at + 1] && a[at + 1] === b[at] && a.slice(at + 2) === b.slice(at + 2)
}
