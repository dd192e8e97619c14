import {CloseMatcher, componentNameLimit} from '../../src/close-match.js'

export {CloseMatcher, closestWithin, nameLimit} from '../../src/close-match.js'

/** The closest of `candidates` to `name` (not `name` itself) when it is near enough to be a typo; case is ignored. */
export function didYouMean(name: string, candidates: Iterable<string>): string | undefined {
  const others = [...candidates].filter((candidate) => candidate !== name)
  if (others.length === 0) return undefined
  const found = new CloseMatcher(others.map((candidate) => candidate.toLowerCase())).findIndex(name.toLowerCase(), componentNameLimit(name))
  return found === undefined ? undefined : others[found]
}
