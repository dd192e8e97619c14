import {distance} from 'fastest-levenshtein'

/** Letters and digits each count apart; every other character shares one bucket. */
const buckets = 37
const bucketOf = (code: number): number =>
  code >= 97 && code <= 122 ? code - 97 : code >= 65 && code <= 90 ? code - 65 : code >= 48 && code <= 57 ? 26 + code - 48 : 36

function histogram(text: string): Uint16Array {
  const counts = new Uint16Array(buckets)
  for (let index = 0; index < text.length; index++) {
    const bucket = bucketOf(text.charCodeAt(index))
    counts[bucket] = counts[bucket]! + 1
  }
  return counts
}

/**
 * Finds, for a target, the first candidate with the fewest edits, if it is within `limit` edits: the
 * "did you mean" of the site checks. On a site of thousands of routes most candidates cannot be that
 * close, and two cheap lower bounds on the edit distance (the difference in length, and the
 * characters one string has more of than the other) skip them before the distance is measured.
 * The answer is the one the distance over every candidate would give.
 */
export class CloseMatcher {
  private readonly histograms: Uint16Array[]

  constructor(private readonly candidates: readonly string[]) {
    this.histograms = candidates.map(histogram)
  }

  find(target: string, limit: number): string | undefined {
    const index = this.findIndex(target, limit)
    return index === undefined ? undefined : this.candidates[index]
  }

  /** The index of what `find` returns. */
  findIndex(target: string, limit: number): number | undefined {
    const wanted = histogram(target)
    let best: number | undefined
    let bestDistance = limit + 1
    for (let index = 0; index < this.candidates.length; index++) {
      const candidate = this.candidates[index]!
      if (Math.abs(candidate.length - target.length) >= bestDistance) continue
      const counts = this.histograms[index]!
      let more = 0
      let fewer = 0
      for (let bucket = 0; bucket < buckets; bucket++) {
        const difference = counts[bucket]! - wanted[bucket]!
        if (difference > 0) more += difference
        else fewer -= difference
      }
      // Each edit fixes at most one surplus and one shortfall (a substitution does both).
      if (Math.max(more, fewer) >= bestDistance) continue
      const edits = distance(target, candidate)
      if (edits < bestDistance) {
        best = index
        bestDistance = edits
      }
    }
    return best
  }
}

/** The first of `candidates` with the fewest edits from `target`, if it is within `limit` edits. */
export function closestWithin(target: string, candidates: readonly string[], limit: number): string | undefined {
  return candidates.length === 0 ? undefined : new CloseMatcher(candidates).find(target, limit)
}

// How far a "did you mean" may be from what was written, by what was written: every threshold is here.

/**
 * How many edits a "did you mean" may be from a broken path: a quarter of its last segment. Measured on
 * the whole path, a long shared folder let an unrelated page of that folder pass for a typo.
 */
export function nameLimit(route: string): number {
  const name = route.slice(route.lastIndexOf('/') + 1)
  return Math.max(2, Math.floor(name.length / 4))
}

/** How many edits a config key, a rule id, an option or a docs.json key may be from the one meant: a third of it. */
export function keyLimit(name: string): number {
  return Math.max(2, Math.floor(name.length / 3))
}

/** How many edits a component or attribute name may be from the one meant: short names allow fewer. */
export function componentNameLimit(name: string): number {
  return name.length <= 4 ? 1 : name.length <= 8 ? 2 : 3
}
