import path from 'node:path'
import type {ErrorObject, ValidateFunction} from 'ajv'
import {closest, distance} from 'fastest-levenshtein'
import type {Position} from 'unist'
import type {JsonDocument, Located, LocatedMember} from './json.js'
import {load} from '../lazy.js'
import {keyLimit} from '../close-match.js'
import {packageRoot} from '../version.js'
import {toValue} from './json.js'

/** A problem the schema finds, placed in the file that holds it. */
export interface SchemaProblem {
  doc: JsonDocument
  place: Position
  reason: string
  /** `warn` for keys the platform ignores; the rest are errors. */
  level: 'error' | 'warn'
  actual?: string
  expected?: string[]
}

/** The schema compiled ahead of time by scripts/docs-validator.mjs, found from the package's root wherever this module runs. */
const validatorPath = path.join(packageRoot, 'schema', 'docs.validate.cjs')

let validate: ValidateFunction | undefined

/** Validate the resolved config against `schema/docs.schema.json` (the same file editors use). */
export function schemaProblems(config: Located): SchemaProblem[] {
  validate ??= load(validatorPath) as ValidateFunction
  if (validate(toValue(config))) return []
  const errors = relevantErrors(validate.errors ?? [])
  const problems: SchemaProblem[] = []
  for (const error of errors) {
    const problem = describe(error, config)
    if (problem) problems.push(problem)
  }
  return problems
}

/**
 * For `anyOf` (a string or an object, …), report inside the one branch whose type matches the
 * value when there is one (a logo object missing `dark`), else one message for the whole choice.
 */
function relevantErrors(errors: ErrorObject[]): ErrorObject[] {
  let result = errors.filter((error) => error.keyword !== 'if')
  const choices = result.filter((error) => error.keyword === 'anyOf' || error.keyword === 'oneOf')
  // Innermost choices first, so an outer choice sees what inner ones kept.
  choices.sort((a, b) => b.schemaPath.length - a.schemaPath.length)
  for (const choice of choices) {
    const prefix = choice.schemaPath + '/'
    const inside = result.filter((error) => error.schemaPath.startsWith(prefix))
    const branches = new Set(inside.map((error) => error.schemaPath.slice(prefix.length).split('/')[0]))
    const branchCount = ((choice.parentSchema as Record<string, unknown[]>)[choice.keyword] ?? []).length
    const typeFailed = new Set(
      inside
        .filter((error) => error.instancePath === choice.instancePath && (error.keyword === 'type' || error.keyword === 'pattern' || error.keyword === 'minLength'))
        .filter((error) => error.keyword === 'type')
        .map((error) => error.schemaPath.slice(prefix.length).split('/')[0])
    )
    const matching = [...Array(branchCount).keys()].map(String).filter((branch) => !typeFailed.has(branch))
    if (matching.length === 1 && branches.has(matching[0])) {
      const keep = prefix + matching[0] + '/'
      result = result.filter((error) => error !== choice && (!error.schemaPath.startsWith(prefix) || error.schemaPath.startsWith(keep)))
    } else {
      result = result.filter((error) => !error.schemaPath.startsWith(prefix))
    }
  }
  return result
}

function describe(error: ErrorObject, config: Located): SchemaProblem | undefined {
  const segments = error.instancePath.split('/').slice(1).map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
  const {node, keyPlace} = locate(config, segments)
  if (!node) return undefined
  const where = segments.length > 0 ? '`' + dotted(segments) + '`' : 'the config'
  const params = error.params as Record<string, unknown>
  const parent = error.parentSchema as Record<string, unknown> | undefined
  switch (error.keyword) {
    case 'additionalProperties': {
      const key = String(params['additionalProperty'])
      const member = node.type === 'object' ? node.members.find((item) => item.name === key) : undefined
      const known = Object.keys((parent?.['properties'] ?? {}) as object)
      const name = '`' + dotted([...segments, key]) + '`'
      const strict = parent?.['x-unknown'] === 'error'
      return {
        doc: (member?.value ?? node).doc,
        place: member?.keyPlace ?? node.place,
        reason: 'Unexpected key ' + name + (strict ? ', expected one of ' + list(known) : ': the platform ignores it') + suggest(key, known),
        level: strict ? 'error' : 'warn',
        actual: key
      }
    }
    case 'required': {
      const missing = String(params['missingProperty'])
      return {
        doc: node.doc,
        place: keyPlace ?? startOf(node.place),
        reason: 'Missing required key `' + dotted([...segments, missing]) + '` in ' + where,
        level: 'error',
        expected: [missing]
      }
    }
    case 'enum': {
      const allowed = (params['allowedValues'] as unknown[]).map(String)
      const actual = node.type === 'string' ? node.value : JSON.stringify(toValue(node))
      return {
        doc: node.doc,
        place: node.place,
        reason: 'Unexpected value `' + actual + '` for ' + where + ', expected ' + list(allowed) + suggest(actual, allowed),
        level: 'error',
        actual,
        expected: allowed
      }
    }
    case 'type':
    case 'pattern':
    case 'minLength':
    case 'anyOf':
    case 'oneOf': {
      const expected = parentExpectation(error)
      const actual = node.type === 'string' ? '`' + node.value + '`' : node.type === 'object' || node.type === 'array' ? 'an ' + node.type : '`' + JSON.stringify(toValue(node)) + '`'
      return {
        doc: node.doc,
        place: node.place,
        reason: (error.keyword === 'minLength' ? 'Unexpected empty value' : 'Unexpected ' + actual) + ' for ' + where + ', expected ' + expected,
        level: 'error'
      }
    }
    default:
      return {doc: node.doc, place: node.place, reason: 'Unexpected value for ' + where + ': ' + String(error.message), level: 'error'}
  }
}

function parentExpectation(error: ErrorObject): string {
  const parent = (error.parentSchema ?? {}) as Record<string, unknown>
  if (typeof parent['x-expected'] === 'string') return parent['x-expected']
  if (error.keyword === 'minLength') return 'a non-empty string'
  const type = parent['type']
  const names: Record<string, string> = {string: 'a string', boolean: '`true` or `false`', number: 'a number', array: 'an array', object: 'an object'}
  return typeof type === 'string' ? names[type] ?? type : String(error.message)
}

function locate(config: Located, segments: string[]): {node: Located | undefined; keyPlace: Position | undefined} {
  let node: Located | undefined = config
  let keyPlace: Position | undefined
  for (const segment of segments) {
    if (!node) break
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
  return {node, keyPlace}
}

function dotted(segments: string[]): string {
  return segments.map((segment, index) => (/^\d+$/.test(segment) ? '[' + segment + ']' : (index > 0 ? '.' : '') + segment)).join('')
}

function list(values: string[]): string {
  return values.map((value) => '`' + value + '`').join(', ')
}

function startOf(place: Position): Position {
  return {start: place.start, end: {line: place.start.line, column: place.start.column + 1}}
}

/** `, did you mean `x`?` when a known name is close. */
export function suggest(name: string, known: string[]): string {
  if (known.length === 0) return ''
  const guess = closest(name, known)
  return guess && distance(name.toLowerCase(), guess.toLowerCase()) <= keyLimit(name) ? ', did you mean `' + guess + '`?' : ''
}
