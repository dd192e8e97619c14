/**
 * Checks a value against the platform's config schema (a JSON Schema generated from its zod schema,
 * marked by scripts/platform/docs-config.mjs) the way the platform's zod validation decides:
 * - an unknown key fails a strict object (`x-unknown: "error"`) and is dropped by the others (`strip`);
 * - a union takes its first branch that passes, dropping what that branch does not know;
 * - an invalid value under zod `.catch` (`x-invalid: "ignored"`) is dropped, not an error;
 * - a refinement docs-lint knows (`x-refined: "href"`, see ./schema-refinements.ts) runs on a value
 *   that passed the rest of its schema.
 * Issues the platform would only drop are `warn`; the rest are `error`. Where no branch of a union passes,
 * the issues are those of the branch the writer most likely meant. A small interpreter rather than a
 * compiled ajv validator: ajv's flat error list loses which union branch an error came from once the
 * branch goes through a `$ref`, and the platform's schema routes nearly every union through one.
 */

import {refinements} from './schema-refinements.js'
import type {SchemaIssue, SchemaNode, SchemaPath} from './schema-issue.js'

export type {IssueKind, SchemaIssue, SchemaNode, SchemaPath} from './schema-issue.js'

type Schema = {[keyword: string]: unknown}

/** Keys and indexes from the root to a value, at most: `check` throws a RangeError past it. */
export const maxDepth = 500

const typeNames: Record<string, string> = {
  string: 'a string', number: 'a number', integer: 'a whole number', boolean: '`true` or `false`',
  object: 'an object', array: 'an array', null: '`null`'
}

export class SchemaChecker {
  private readonly targets = new Map<string, SchemaNode>()
  private readonly patterns = new Map<string, RegExp>()
  private readonly literalCache = new WeakMap<Schema, Map<string, unknown>>()
  private readonly expectations = new WeakMap<Schema, string>()

  /**
   * `closeTo(value, candidates)`: the candidate a misspelt literal (`theme: "mintt"`) most likely meant;
   * the rest of the value is then checked as if it said that.
   */
  constructor(
    private readonly root: SchemaNode,
    private readonly closeTo: (value: string, candidates: string[]) => string | undefined = () => undefined
  ) {}

  check(value: unknown): SchemaIssue[] {
    return this.node(this.root, value, [])
  }

  private node(node: SchemaNode | undefined, value: unknown, path: SchemaPath): SchemaIssue[] {
    // Far deeper than any real config (about 250 nested groups), and short of the stack's end.
    if (path.length > maxDepth) throw new RangeError('the config is nested deeper than ' + maxDepth + ' levels')
    if (node === undefined || node === true) return []
    if (node === false) return [{kind: 'not', path, level: 'error'}]
    let ignoredIfInvalid = false
    // A `$ref` to a refined schema repeats its mark: each refinement runs once.
    const refined = new Set<string>()
    let target: SchemaNode = node
    for (;;) {
      if (target['x-invalid'] === 'ignored') ignoredIfInvalid = true
      if (typeof target['x-refined'] === 'string') refined.add(target['x-refined'])
      if (typeof target['$ref'] !== 'string') break
      target = this.resolve(target['$ref'])
      if (typeof target === 'boolean') return target ? [] : [{kind: 'not', path, level: 'error'}]
    }
    const issues = this.keywords(target, value, path)
    // zod refines a value that passed the rest of its schema.
    if (!issues.some((issue) => issue.level === 'error')) for (const name of refined) issues.push(...(refinements[name]?.(value, path) ?? []))
    if (!ignoredIfInvalid || !issues.some((issue) => issue.level === 'error')) return issues
    return issues.map((issue) => ({...issue, level: 'warn', ignored: issue.ignored ?? [path]}))
  }

  private resolve(reference: string): SchemaNode {
    let target = this.targets.get(reference)
    if (target !== undefined) return target
    let current: unknown = this.root
    for (const part of reference.replace(/^#\/?/, '').split('/').filter(Boolean)) {
      const name = decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~')
      current = Array.isArray(current) ? current[Number(name)] : (current as Schema | undefined)?.[name]
    }
    target = typeof current === 'object' && current !== null ? (current as Schema) : true
    this.targets.set(reference, target)
    return target
  }

  private keywords(schema: Schema, value: unknown, path: SchemaPath): SchemaIssue[] {
    if (schema['not'] !== undefined) return [{kind: 'not', path, level: 'error'}]
    const typeIssue = this.type(schema, value, path)
    if (typeIssue) return [typeIssue]
    const issues: SchemaIssue[] = []
    if ('const' in schema && schema['const'] !== value) issues.push({kind: 'value', path, level: 'error', expected: [String(schema['const'])]})
    if (Array.isArray(schema['enum']) && !schema['enum'].includes(value)) issues.push({kind: 'value', path, level: 'error', expected: schema['enum'].map(String)})
    if (typeof value === 'string') issues.push(...this.string(schema, value, path))
    if (typeof value === 'number') issues.push(...number(schema, value, path))
    if (Array.isArray(value)) issues.push(...this.array(schema, value, path))
    else if (typeof value === 'object' && value !== null) issues.push(...this.object(schema, value as Schema, path))
    if (Array.isArray(schema['anyOf'])) issues.push(...this.choice(schema['anyOf'] as SchemaNode[], value, path))
    if (Array.isArray(schema['allOf'])) for (const part of schema['allOf'] as SchemaNode[]) issues.push(...this.node(part, value, path))
    return issues
  }

  private type(schema: Schema, value: unknown, path: SchemaPath): SchemaIssue | undefined {
    const declared = schema['type']
    if (declared === undefined) return undefined
    const types = Array.isArray(declared) ? (declared as string[]) : [declared as string]
    if (types.some((type) => typeMatches(type, value))) return undefined
    let expected = this.expectations.get(schema)
    if (expected === undefined) {
      expected = expectation(schema)
      this.expectations.set(schema, expected)
    }
    return {kind: 'type', path, level: 'error', expected: [expected]}
  }

  private string(schema: Schema, value: string, path: SchemaPath): SchemaIssue[] {
    const issues: SchemaIssue[] = []
    // zod counts UTF-16 code units, as `length` does.
    if (typeof schema['minLength'] === 'number' && value.length < schema['minLength']) issues.push({kind: 'min-length', path, level: 'error', limit: schema['minLength']})
    if (typeof schema['maxLength'] === 'number' && value.length > schema['maxLength']) issues.push({kind: 'max-length', path, level: 'error', limit: schema['maxLength']})
    if (typeof schema['pattern'] === 'string' && !this.regex(schema['pattern']).test(value)) issues.push({kind: 'pattern', path, level: 'error', pattern: schema['pattern']})
    if (schema['format'] === 'uri' && !URL.canParse(value)) issues.push({kind: 'format', path, level: 'error', expected: ['a URL']})
    return issues
  }

  /** zod tests its regular expressions without the `u` flag (`^phc\_` is valid there, not with `u`). */
  private regex(source: string): RegExp {
    let regex = this.patterns.get(source)
    if (!regex) {
      try {
        regex = new RegExp(source)
      } catch {
        regex = /(?:)/
      }
      this.patterns.set(source, regex)
    }
    return regex
  }

  private array(schema: Schema, value: unknown[], path: SchemaPath): SchemaIssue[] {
    const issues: SchemaIssue[] = []
    if (typeof schema['minItems'] === 'number' && value.length < schema['minItems']) issues.push({kind: 'min-items', path, level: 'error', limit: schema['minItems']})
    if (typeof schema['maxItems'] === 'number' && value.length > schema['maxItems']) issues.push({kind: 'max-items', path, level: 'error', limit: schema['maxItems']})
    const items = schema['items'] as SchemaNode | SchemaNode[] | undefined
    value.forEach((item, index) => {
      const itemSchema = Array.isArray(items) ? items[index] : items
      issues.push(...this.node(itemSchema, item, [...path, index]))
    })
    return issues
  }

  private object(schema: Schema, value: Schema, path: SchemaPath): SchemaIssue[] {
    const issues: SchemaIssue[] = []
    const properties = (schema['properties'] ?? {}) as Record<string, SchemaNode>
    for (const key of (schema['required'] ?? []) as string[]) {
      if (value[key] === undefined) issues.push({kind: 'required', path, level: 'error', key})
    }
    const extra = schema['additionalProperties'] as SchemaNode | undefined
    const unknown = schema['x-unknown']
    for (const [key, item] of Object.entries(value)) {
      if (Object.hasOwn(properties, key)) {
        issues.push(...this.node(properties[key], item, [...path, key]))
      } else if (extra === false) {
        if (unknown !== 'allow') issues.push({kind: 'unknown-key', path, key, level: unknown === 'error' ? 'error' : 'warn', strict: unknown === 'error', expected: Object.keys(properties)})
      } else if (extra !== undefined) {
        issues.push(...this.node(extra, item, [...path, key]))
      }
      // A record with a closed set of keys (`footer.socials`): a key outside it fails, as a strict object's would.
      const names = schema['propertyNames'] as SchemaNode | undefined
      if (names !== undefined && this.node(names, key, [...path, key]).length > 0) {
        const allowed = typeof names === 'object' && Array.isArray(names['enum']) ? names['enum'].map(String) : []
        issues.push({kind: 'unknown-key', path, key, level: 'error', strict: true, expected: allowed})
      }
    }
    return issues
  }

  /** A union: the platform takes the first branch that passes, and drops what that branch does not know. */
  private choice(branches: SchemaNode[], value: unknown, path: SchemaPath): SchemaIssue[] {
    const results: SchemaIssue[][] = []
    const evaluate = (index: number) => (results[index] ??= this.discriminated(branches[index]!, value, path) ?? this.node(branches[index]!, value, path))
    let passing = -1
    // A branch that lacks a required key cannot pass: try the others first, in order, as zod would.
    for (const [index, branch] of branches.entries()) {
      if (!this.hasRequired(branch, value)) continue
      const issues = evaluate(index)
      if (issues.length === 0) return []
      if (issues.every((issue) => issue.level === 'warn')) {
        passing = index
        // A branch that passes and drops nothing here is the one anybody meant.
        if (unknownKeysAt(issues, path) === 0) return issues
        break
      }
    }
    branches.forEach((_, index) => evaluate(index))
    const meant = this.meant(branches, results, value, path)
    if (typeof meant !== 'number') return meant
    const targets = branches.map((branch) => this.target(branch))
    const known = knownKeys(targets)
    /** An unknown key: suggest from what every branch knows; one another branch takes is ignored beside the keys of this one. */
    const withKnown = (issues: SchemaIssue[], index: number) => {
      const beside = distinctRequired(targets, index)
      return issues.map((issue) => {
        if (issue.kind !== 'unknown-key' || issue.strict || !samePath(issue.path, path)) return issue
        return known.includes(issue.key!) ? {...issue, expected: [], beside} : {...issue, expected: known}
      })
    }
    if (passing === -1 || passing === meant) return withKnown(results[passing === -1 ? meant : passing]!, passing === -1 ? meant : passing)
    // Another branch passes by dropping keys the meant one needs: the config is valid, those keys are lost.
    const dropped = results[passing]!.filter((issue) => issue.kind === 'unknown-key' && samePath(issue.path, path)).map((issue) => [...path, issue.key!])
    return withKnown(results[meant]!, meant).map((issue) => (issue.level === 'error' ? {...issue, level: 'warn', ignored: issue.ignored ?? dropped} : issue))
  }

  /**
   * The branch the writer meant: its type fits, its literal keys (`theme`, `type`) match, it knows the
   * most keys, misses the fewest and fails least; or, when no branch fits that far, one issue for all.
   */
  private meant(branches: SchemaNode[], results: SchemaIssue[][], value: unknown, path: SchemaPath): number | SchemaIssue[] {
    const indexes = [...branches.keys()]
    const typed = indexes.filter((index) => !results[index]!.some((issue) => (issue.kind === 'type' || issue.kind === 'not') && samePath(issue.path, path)))
    if (typed.length === 0) {
      const expected = [...new Set(indexes.flatMap((index) => results[index]!.flatMap((issue) => (samePath(issue.path, path) ? issue.expected ?? [] : []))))]
      return [{kind: 'type', path, level: 'error', expected}]
    }
    const literalMiss = (index: number) => {
      const literals = this.literals(branches[index]!)
      return results[index]!.find((issue) => issue.kind === 'value' && issue.path.length === path.length + 1 && samePath(issue.path.slice(0, -1), path) && literals.has(String(issue.path.at(-1))))
    }
    const literal = typed.filter((index) => !literalMiss(index))
    if (literal.length === 0) {
      // Every branch is told apart by a literal key (`theme`) and none matches: one message with every value.
      const first = literalMiss(typed[0]!)!
      const expected = [...new Set(typed.flatMap((index) => (samePath(literalMiss(index)!.path, first.path) ? literalMiss(index)!.expected ?? [] : [])))]
      return [{...first, expected}, ...this.asMeant(branches, typed, value, first)]
    }
    const score = (index: number): number[] => {
      const issues = results[index]!
      const missing = issues.filter((issue) => issue.kind === 'required' && samePath(issue.path, path)).length
      return [unknownKeysAt(issues, path), missing, issues.filter((issue) => issue.level === 'error').length, index]
    }
    return literal.map(score).sort(compareScores)[0]![3]!
  }

  /** The issues of the branch a misspelt literal most likely meant, checked with the literal it names. */
  private asMeant(branches: SchemaNode[], typed: number[], value: unknown, literal: SchemaIssue): SchemaIssue[] {
    const key = String(literal.path.at(-1))
    const actual = (value as Schema)[key]
    const guess = typeof actual === 'string' ? this.closeTo(actual, literal.expected ?? []) : undefined
    if (guess === undefined) return []
    const index = typed.find((candidate) => this.literals(branches[candidate]!).get(key) === guess)
    if (index === undefined) return []
    return this.node(branches[index]!, {...(value as Schema), [key]: guess}, literal.path.slice(0, -1))
  }

  private hasRequired(branch: SchemaNode, value: unknown): boolean {
    const target = this.target(branch)
    if (typeof target !== 'object' || typeof value !== 'object' || value === null || Array.isArray(value)) return true
    return ((target['required'] ?? []) as string[]).every((key) => (value as Schema)[key] !== undefined)
  }

  /** A branch whose literal key (`theme: "mint"`) differs fails on that alone, as zod's discriminated union does. */
  private discriminated(branch: SchemaNode, value: unknown, path: SchemaPath): SchemaIssue[] | undefined {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined
    for (const [key, literal] of this.literals(branch)) {
      const actual = (value as Schema)[key]
      if (actual !== undefined && actual !== literal) return [{kind: 'value', path: [...path, key], level: 'error', expected: [String(literal)]}]
    }
    return undefined
  }

  /** The keys whose schema is one literal value in this branch, with that value. */
  private literals(branch: SchemaNode): Map<string, unknown> {
    const target = this.target(branch)
    if (typeof target !== 'object') return new Map()
    let found = this.literalCache.get(target)
    if (!found) {
      found = new Map()
      for (const [key, property] of Object.entries((target['properties'] ?? {}) as Record<string, SchemaNode>)) {
        const literal = this.target(property)
        if (typeof literal === 'object' && 'const' in literal) found.set(key, literal['const'])
      }
      this.literalCache.set(target, found)
    }
    return found
  }

  private target(node: SchemaNode): SchemaNode {
    let current = node
    while (typeof current === 'object' && typeof current['$ref'] === 'string') current = this.resolve(current['$ref'])
    return current
  }
}

function number(schema: Schema, value: number, path: SchemaPath): SchemaIssue[] {
  const issues: SchemaIssue[] = []
  if (typeof schema['minimum'] === 'number' && value < schema['minimum']) issues.push({kind: 'minimum', path, level: 'error', limit: schema['minimum']})
  if (typeof schema['maximum'] === 'number' && value > schema['maximum']) issues.push({kind: 'maximum', path, level: 'error', limit: schema['maximum']})
  return issues
}

function typeMatches(type: string, value: unknown): boolean {
  switch (type) {
    case 'array': return Array.isArray(value)
    case 'object': return typeof value === 'object' && value !== null && !Array.isArray(value)
    case 'null': return value === null
    case 'integer': return Number.isInteger(value)
    default: return typeof value === type
  }
}

/** What a schema takes, for `expected …`: `a string`, `an object with `group``, `` `mint` ``. */
function expectation(schema: Schema): string {
  if ('const' in schema) return '`' + String(schema['const']) + '`'
  const declared = schema['type']
  const types = Array.isArray(declared) ? (declared as string[]) : typeof declared === 'string' ? [declared] : []
  const required = (schema['required'] ?? []) as string[]
  return types.map((type) => (type === 'object' && required.length > 0 ? 'an object with `' + required[0] + '`' : typeNames[type] ?? type)).join(' or ') || 'another value'
}

function knownKeys(branches: SchemaNode[]): string[] {
  const keys = new Set<string>()
  for (const branch of branches) {
    if (typeof branch === 'object') for (const key of Object.keys((branch['properties'] ?? {}) as object)) keys.add(key)
  }
  return [...keys]
}

/** The required keys of one branch that not every branch requires (`tabs`, `href`): what sets it apart. */
function distinctRequired(branches: SchemaNode[], index: number): string[] {
  const required = (branch: SchemaNode | undefined) => (typeof branch === 'object' ? ((branch['required'] ?? []) as string[]) : [])
  return required(branches[index]).filter((key) => !branches.every((branch) => required(branch).includes(key)))
}

function unknownKeysAt(issues: SchemaIssue[], path: SchemaPath): number {
  return issues.filter((issue) => issue.kind === 'unknown-key' && samePath(issue.path, path)).length
}

function samePath(a: SchemaPath, b: SchemaPath): boolean {
  return a.length === b.length && a.every((part, index) => part === b[index])
}

function compareScores(a: number[], b: number[]): number {
  for (let index = 0; index < a.length; index++) if (a[index] !== b[index]) return a[index]! - b[index]!
  return 0
}
