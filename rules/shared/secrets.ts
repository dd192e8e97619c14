// The one secret detector: `no-secrets` reports what it finds, and the masking of every output
// (through the rule's `masks` metadata, see src/linter/secrets.ts) hides the same spans wherever they show.
import type {Root} from 'mdast'
import type {SecretFinder} from '../../src/rule.js'
import {attributeCandidates, ownDetectors} from './secrets-assign.js'
import {isKnownPublic, looksReal} from './secrets-judge.js'
import {scanLines, secretlintDetector, vendorFormatDetector, type Candidate, type Detector} from './secrets-scan.js'

export type {Candidate} from './secrets-scan.js'

// Vendor tokens first: where a vendor format and an assignment cover the same text, the vendor names it.
const detectors: readonly Detector[] = [secretlintDetector(), vendorFormatDetector, ...ownDetectors]
const exampleAttribute = /\b(?:default|placeholder|example|value)=["']/

/**
 * The rule and the masking of its page's messages both look for a page's secrets, one right after the
 * other: the candidates of a page's tree are kept for the second (they depend on the page alone).
 */
const candidatesOfTree = new WeakMap<Root, readonly Candidate[]>()

/** Every candidate of `source` (with the page's tree, also values in component attributes). */
function candidatesOf(source: string, tree: Root | undefined): readonly Candidate[] {
  const kept = tree && candidatesOfTree.get(tree)
  if (kept) return kept
  const candidates = scanLines(source, detectors)
  if (tree && exampleAttribute.test(source)) candidates.push(...attributeCandidates(tree, source))
  if (tree) candidatesOfTree.set(tree, candidates)
  return candidates
}

/**
 * The real-looking secrets of `source`: no placeholder, vendor example or publishable key, none that
 * `allow` lets pass, and no two overlapping.
 */
export function findSecrets(source: string, tree: Root | undefined, allow: readonly RegExp[]): Candidate[] {
  const accepted: Candidate[] = []
  for (const candidate of candidatesOf(source, tree)) {
    if (accepted.some((other) => candidate.start < other.end && other.start < candidate.end)) continue
    const value = source.slice(candidate.start, candidate.end)
    if (isKnownPublic(value) || allow.some((pattern) => pattern.test(value))) continue
    if (looksReal(value, candidate.test, candidate.user)) accepted.push(candidate)
  }
  return accepted.sort((a, b) => a.start - b.start)
}

/**
 * The `allow` option as regular expressions. `strict` throws on a bad pattern (the rule reports it);
 * otherwise a bad pattern is left out, and masking goes on without it.
 */
export function allowPatterns(patterns: readonly string[], strict: boolean): RegExp[] {
  return patterns.flatMap((pattern, index) => {
    try {
      return [new RegExp(pattern, 'u')]
    } catch (error) {
      if (!strict) return []
      throw new Error(
        'Invalid options for rule `no-secrets`: `allow.' + index + '` (`' + pattern + '`) is not a valid regular expression: ' + (error as Error).message,
        {cause: error}
      )
    }
  })
}

/** What finds the secrets of a page or a config file, as ranges: for masking every output. */
export function secretFinder(options: {allow: string[]}): SecretFinder {
  const allow = allowPatterns(options.allow, false)
  return (source, tree) => findSecrets(source, tree, allow).map((candidate) => [candidate.start, candidate.end])
}
