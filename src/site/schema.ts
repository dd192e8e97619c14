import fs from 'node:fs'
import path from 'node:path'
import {closest, distance} from 'fastest-levenshtein'
import type {Position} from 'unist'
import type {JsonDocument, Located, LocatedMember} from './json.js'
import {keyLimit} from '../shared/close-match.js'
import {packageRoot} from '../shared/version.js'
import {toValue} from './json.js'
import {SchemaChecker, type SchemaIssue, type SchemaNode, type SchemaPath} from './schema-check.js'
import {patternPhrases} from './schema.data.js'

/**
 * The platform's verdict on the resolved config, placed at the offending key or value: the schemas of
 * `@mintlify/validation` (docs.json and mint.json), taken into src/platform/facts.generated.json by
 * scripts/platform/docs-config.mjs and checked by ./schema-check.ts with the platform's semantics.
 */

/** A problem the schema finds, placed in the file that holds it. */
export interface SchemaProblem {
  doc: JsonDocument
  place: Position
  reason: string
  /** `warn` for what the platform ignores (drops) rather than rejects; the rest are errors. */
  level: 'error' | 'warn'
  actual?: string
  expected?: string[]
  /** For a key the platform ignores: its value, when it is a string. */
  value?: string
}

const factsPath = path.join(packageRoot, 'src', 'platform', 'facts.generated.json')

interface ConfigSchemas {
  docs: SchemaNode
  mint: SchemaNode
}

let schemas: ConfigSchemas | undefined
const checkers = new Map<string, SchemaChecker>()

function checker(kind: keyof ConfigSchemas): SchemaChecker {
  schemas ??= (JSON.parse(fs.readFileSync(factsPath, 'utf8')) as {docsConfig?: ConfigSchemas}).docsConfig
  if (!schemas) throw new Error('src/platform/facts.generated.json has no `docsConfig` part: run scripts/sync-platform.mjs')
  let found = checkers.get(kind)
  if (!found) {
    found = new SchemaChecker(schemas[kind], closeTo)
    checkers.set(kind, found)
  }
  return found
}

/** Validate the resolved config as the platform validates a file of this name (`docs.json` or `mint.json`). */
export function schemaProblems(config: Located, fileName: string): SchemaProblem[] {
  const kind = fileName === 'mint.json' ? 'mint' : 'docs'
  let issues: SchemaIssue[]
  try {
    issues = checker(kind).check(toValue(config))
  } catch (error) {
    if (!(error instanceof RangeError)) throw error
    // Hundreds of nested groups (the platform's own validation overflows its stack from about 500).
    return [{doc: config.doc, place: startOf(config.place), reason: 'Unexpected nesting too deep for docs-lint to check in `' + fileName + '`, expected fewer nested levels', level: 'warn'}]
  }
  const problems: SchemaProblem[] = []
  for (const issue of issues) {
    const problem = describe(issue, config)
    if (problem) problems.push(problem)
  }
  return oncePerIgnoredKey(problems)
}

/**
 * A key the platform ignores, written on many objects of one file (`collapsed` on every group), is one
 * decision: one finding on its first place, with the count of the others. When it holds a different
 * id on each object (`"anchor": "prefect-aws-sdk-reference"` on generated groups), it is one that
 * a tool of the team finds those objects by: harmless to the platform, and not to be removed, so no
 * finding at all.
 */
function oncePerIgnoredKey(problems: SchemaProblem[]): SchemaProblem[] {
  const groups = new Map<string, SchemaProblem[]>()
  for (const problem of problems) {
    if (problem.level !== 'warn' || problem.actual === undefined || problem.expected !== undefined || !/^Unexpected key [^:]*: the platform ignores it(?: beside [^:]*| here)?$/.test(problem.reason)) continue
    const key = problem.doc.file.path + '\u0000' + problem.actual
    const group = groups.get(key)
    if (group) group.push(problem)
    else groups.set(key, [problem])
  }
  const dropped = new Set<SchemaProblem>()
  for (const group of groups.values()) {
    if (group.length < 2) continue
    // Ids only: a path or an address on each object (`url` on every tab) is a setting the platform drops.
    const names = new Set(group.map((problem) => (problem.value !== undefined && /^[A-Za-z0-9][\w-]*$/.test(problem.value) ? problem.value : undefined)))
    if (!names.has(undefined) && names.size === group.length) {
      for (const problem of group) dropped.add(problem)
      continue
    }
    const [first, ...others] = group
    first!.reason += ', nor on ' + others.length + (others.length === 1 ? ' other object' : ' other objects') + ' of this file that have it'
    for (const other of others) dropped.add(other)
  }
  return problems.filter((problem) => !dropped.has(problem))
}

function describe(issue: SchemaIssue, config: Located): SchemaProblem | undefined {
  const segments = issue.path.map(String)
  const {node, keyPlace, brokenRef} = locate(config, segments)
  // A `$ref` that failed is reported once; what its file should have held is moot.
  if (!node || brokenRef) return undefined
  const where = segments.length > 0 ? '`' + dotted(segments) + '`' : 'the config'
  const base = {doc: node.doc, level: issue.level}
  switch (issue.kind) {
    case 'unknown-key': {
      const key = issue.key!
      const member = node.type === 'object' ? [...node.members].reverse().find((item) => item.name === key) : undefined
      const known = issue.expected ?? []
      const name = '`' + dotted([...segments, key]) + '`'
      const ignored = issue.beside ? (issue.beside.length > 0 ? ': the platform ignores it beside ' + list(issue.beside) : ': the platform ignores it here') : ': the platform ignores it'
      const reason = 'Unexpected key ' + name + (issue.strict ? ', expected one of ' + list(known) : ignored) + suggest(key, known.filter((item) => item !== key))
      const value = member?.value.type === 'string' ? {value: member.value.value} : {}
      return {...base, doc: (member?.value ?? node).doc, place: member?.keyPlace ?? node.place, reason: ignoring(reason, issue), actual: key, ...value}
    }
    case 'required': {
      const reason = 'Missing required key `' + dotted([...segments, issue.key!]) + '` in ' + where
      return {...base, place: keyPlace ?? startOf(node.place), reason: ignoring(reason, issue), expected: [issue.key!]}
    }
    case 'value': {
      const allowed = issue.expected ?? []
      const actual = node.type === 'string' ? node.value : JSON.stringify(toValue(node))
      const reason = 'Unexpected value `' + actual + '` for ' + where + ', expected ' + list(allowed) + suggest(actual, allowed)
      return {...base, place: node.place, reason: ignoring(reason, issue), actual, expected: allowed}
    }
    case 'not': {
      const reason = 'Unexpected key `' + dotted(segments) + '`: the platform does not take it here'
      return {...base, place: keyPlace ?? node.place, reason: ignoring(reason, issue)}
    }
    default:
      return {...base, place: node.place, reason: ignoring(unexpected(issue, node) + ' for ' + where + ', expected ' + expectation(issue), issue)}
  }
}

/** `Unexpected `x``, `Unexpected an object`, `Unexpected empty value`. */
function unexpected(issue: SchemaIssue, node: Located): string {
  if ((issue.kind === 'min-length' && node.type === 'string' && node.value === '') || (issue.kind === 'min-items' && node.type === 'array' && node.items.length === 0)) {
    return 'Unexpected empty value'
  }
  if (node.type === 'string') return 'Unexpected `' + node.value + '`'
  if (node.type === 'object' || node.type === 'array') return 'Unexpected an ' + node.type
  return 'Unexpected `' + JSON.stringify(toValue(node)) + '`'
}

function expectation(issue: SchemaIssue): string {
  const limit = issue.limit ?? 0
  switch (issue.kind) {
    case 'pattern': return patternPhrases[issue.pattern ?? ''] ?? 'a string matching `' + issue.pattern + '`'
    case 'min-length': return limit === 1 ? 'a non-empty string' : 'at least ' + limit + ' characters'
    case 'max-length': return 'at most ' + limit + ' characters'
    case 'min-items': return 'at least ' + limit + (limit === 1 ? ' item' : ' items')
    case 'max-items': return 'at most ' + limit + (limit === 1 ? ' item' : ' items')
    case 'minimum': return 'at least ' + limit
    case 'maximum': return 'at most ' + limit
    default: return orList(issue.expected ?? [])
  }
}

/** What the platform drops because of the issue, said after it. */
function ignoring(reason: string, issue: SchemaIssue): string {
  if (!issue.ignored || issue.kind === 'unknown-key') return reason
  const own = issue.ignored.length === 1 && samePath(issue.ignored[0]!, issue.path)
  if (own) return reason + ', so the platform ignores the value'
  return reason + ', so the platform ignores ' + list(issue.ignored.map((part) => dotted(part.map(String))))
}

function locate(config: Located, segments: string[]): {node: Located | undefined; keyPlace: Position | undefined; brokenRef: boolean} {
  let node: Located | undefined = config
  let keyPlace: Position | undefined
  let brokenRef = false
  for (const segment of segments) {
    if (!node) break
    if (node.type === 'object' && node.brokenRef) brokenRef = true
    if (node.type === 'object') {
      // JSON keeps the last of duplicate keys, and so does the validated value.
      const member: LocatedMember | undefined = [...node.members].reverse().find((item) => item.name === segment)
      keyPlace = member?.keyPlace
      node = member?.value
    } else if (node.type === 'array') {
      node = node.items[Number(segment)]
      keyPlace = undefined
    } else {
      node = undefined
    }
  }
  if (node?.type === 'object' && node.brokenRef) brokenRef = true
  return {node, keyPlace, brokenRef}
}

function dotted(segments: string[]): string {
  return segments.map((segment, index) => (/^\d+$/.test(segment) ? '[' + segment + ']' : (index > 0 ? '.' : '') + segment)).join('')
}

function samePath(a: SchemaPath, b: SchemaPath): boolean {
  return a.length === b.length && a.every((part, index) => part === b[index])
}

function list(values: string[]): string {
  return values.map((value) => '`' + value + '`').join(', ')
}

/** `a string or an object with `group``: the choices, already phrased; objects told apart by a key, once. */
function orList(values: string[]): string {
  const prefix = 'an object with '
  const keyed = values.filter((value) => value.startsWith(prefix))
  const merged = keyed.length > 1 ? [...values.filter((value) => !value.startsWith(prefix)), prefix + 'one of ' + keyed.map((value) => value.slice(prefix.length)).join(', ')] : values
  if (merged.length === 0) return 'another value'
  return merged.length === 1 ? merged[0]! : merged.slice(0, -1).join(', ') + ' or ' + merged.at(-1)!
}

function startOf(place: Position): Position {
  return {start: place.start, end: {line: place.start.line, column: place.start.column + 1}}
}

/** `, did you mean `x`?` when a known name is close. */
export function suggest(name: string, known: string[]): string {
  const guess = closeTo(name, known)
  return guess ? ', did you mean `' + guess + '`?' : ''
}

function closeTo(name: string, known: string[]): string | undefined {
  if (known.length === 0) return undefined
  const guess = closest(name, known)
  return guess && distance(name.toLowerCase(), guess.toLowerCase()) <= keyLimit(name) ? guess : undefined
}
