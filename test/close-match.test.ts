import {describe, expect, it} from 'vitest'
import {distance} from 'fastest-levenshtein'
import {CloseMatcher} from '../src/shared/close-match.js'

// The "did you mean" guess must be the one measuring every candidate would give: the first with the
// fewest edits, if within the limit.
function everyCandidate(target: string, candidates: string[], limit: number): string | undefined {
  let best: string | undefined
  let bestDistance = limit + 1
  for (const candidate of candidates) {
    const edits = distance(target, candidate)
    if (edits < bestDistance) {
      best = candidate
      bestDistance = edits
    }
  }
  return best
}

describe('CloseMatcher', () => {
  it('guesses the route a typo meant', () => {
    const matcher = new CloseMatcher(['guides/quickstart', 'guides/install', 'api-reference/users/create'])
    expect(matcher.find('guides/quikstart', 3)).toBe('guides/quickstart')
    expect(matcher.find('api-reference/user/create', 3)).toBe('api-reference/users/create')
    expect(matcher.find('changelog', 2)).toBeUndefined()
  })

  it('agrees with measuring every candidate on random routes', () => {
    let seed = 7
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31
      return seed % n
    }
    const alphabet = 'abcdeABC/-_01.'
    const word = () => Array.from({length: 1 + random(14)}, () => alphabet[random(alphabet.length)]).join('')
    const candidates = Array.from({length: 300}, word)
    const matcher = new CloseMatcher(candidates)
    for (let index = 0; index < 2000; index++) {
      const target = random(2) ? word() : candidates[random(candidates.length)]!.slice(random(3)) + word().slice(0, random(3))
      const limit = random(5)
      expect(matcher.find(target, limit)).toBe(everyCandidate(target, candidates, limit))
    }
  })
})
