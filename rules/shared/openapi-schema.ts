// What an OpenAPI operation takes and returns, as a page documents it: parameters by location (path,
// query, header, cookie), request body fields and response fields by dotted path (`user.name`), and
// status codes. `$ref`s, path-level parameters, `allOf`/`oneOf`/`anyOf` and arrays are resolved; a
// field of a free-form or unreadable schema is unknown, never absent.
import {deref, isObject, type Json, type Operation} from './openapi.js'

/** Whether the operation has a field: `unknown` when its schema cannot tell. */
export type Presence = 'yes' | 'no' | 'unknown'

export interface Parameter {
  in: string
  name: string
  required: boolean
  /** The parameter, or its schema, says what it holds (`description`, or a schema's `title`). */
  described: boolean
}

/**
 * The operation's parameters: its own over its path item's (by location and name), with the route's
 * `{name}`s as path parameters. `complete` is false when one of them is an unreadable `$ref`.
 */
export function parametersOf(document: Json, operation: Operation): {parameters: Parameter[]; complete: boolean} {
  const byKey = new Map<string, Parameter>()
  let complete = true
  for (const list of [operation.pathItem['parameters'], operation.operation['parameters']]) {
    if (!Array.isArray(list)) continue
    for (const item of list) {
      const parameter = deref(document, item)
      if (!parameter || typeof parameter['name'] !== 'string' || typeof parameter['in'] !== 'string') {
        complete = false
        continue
      }
      const where = parameter['in'].toLowerCase()
      byKey.set(where + ' ' + parameter['name'], {in: where, name: parameter['name'], required: parameter['required'] === true || where === 'path', described: describes(document, parameter)})
    }
  }
  for (const match of operation.route.matchAll(/\{([^{}]+)\}/g)) {
    if (!byKey.has('path ' + match[1])) byKey.set('path ' + match[1], {in: 'path', name: match[1]!, required: true, described: false})
  }
  return {parameters: [...byKey.values()], complete}
}

const hasText = (value: unknown): boolean => typeof value === 'string' && value.trim() !== ''

/** A `title` that says more than the name it sits on: FastAPI titles every field with its name (`Flow Run Id` on `flow_run_id`). */
function titleSays(title: unknown, name: string | undefined): boolean {
  const letters = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '')
  return hasText(title) && (name === undefined || letters(title as string) !== letters(name))
}

/** Whether a parameter says what it holds: its `description`, or its schema's `description` or `title`. */
function describes(document: Json, parameter: Json): boolean {
  if (hasText(parameter['description'])) return true
  const schema = deref(document, parameter['schema'])
  return schema !== undefined && (hasText(schema['description']) || titleSays(schema['title'], typeof parameter['name'] === 'string' ? parameter['name'] : undefined))
}

/**
 * The schemas of the request body, one per media type (Swagger 2.0: the `body` parameter's, or an
 * object of the `formData` parameters); none when the operation takes no body. Undefined when there
 * is a body docs-lint cannot read, or one without a schema.
 */
export function requestSchemas(document: Json, operation: Operation): unknown[] | undefined {
  const body = operation.operation['requestBody']
  if (body !== undefined) {
    const resolved = deref(document, body)
    const schemas = resolved ? contentSchemas(resolved) : undefined
    return schemas && schemas.length > 0 ? schemas : undefined
  }
  const parameters = [operation.pathItem['parameters'], operation.operation['parameters']].flatMap((list) => (Array.isArray(list) ? list.map((item) => deref(document, item)) : []))
  const inBody = parameters.find((parameter) => parameter?.['in'] === 'body')
  if (inBody) return [inBody['schema']]
  const form = parameters.filter((parameter): parameter is Json => parameter?.['in'] === 'formData' && typeof parameter['name'] === 'string')
  if (form.length === 0) return []
  return [{type: 'object', properties: Object.fromEntries(form.map((parameter) => [parameter['name'], parameter])), required: form.filter((parameter) => parameter['required'] === true).map((parameter) => parameter['name'])}]
}

/**
 * The schemas of every response (each status, each media type), or of those whose status `only`
 * matches (`/^2/`: the successes); undefined when one cannot be read.
 */
export function responseSchemas(document: Json, operation: Operation, only?: RegExp): unknown[] | undefined {
  const responses = operation.operation['responses']
  if (!isObject(responses)) return []
  const schemas: unknown[] = []
  for (const [status, value] of Object.entries(responses)) {
    if (only && !only.test(status)) continue
    const response = deref(document, value)
    if (!response) return undefined
    // Swagger 2.0 puts the schema on the response itself.
    if (response['schema'] !== undefined) schemas.push(response['schema'])
    const content = contentSchemas(response)
    if (!content) return undefined
    schemas.push(...content)
  }
  return schemas
}

function contentSchemas(node: Json): unknown[] | undefined {
  const content = node['content']
  if (content === undefined) return []
  if (!isObject(content)) return undefined
  return Object.values(content).flatMap((media) => (isObject(media) && media['schema'] !== undefined ? [media['schema']] : []))
}

/** The headers of the operation's responses (`X-RateLimit-Limit`): a page may document them as response fields. */
export function responseHeaders(document: Json, operation: Operation): string[] {
  const responses = operation.operation['responses']
  if (!isObject(responses)) return []
  return Object.values(responses).flatMap((value) => {
    const headers = deref(document, value)?.['headers']
    return isObject(headers) ? Object.keys(headers) : []
  })
}

/** The status codes the operation declares (`200`, `4XX`, `default`). */
export function statusesOf(operation: Operation): string[] {
  const responses = operation.operation['responses']
  return isObject(responses) ? Object.keys(responses) : []
}

/** Whether `status` (`404`) is one the operation declares, by itself, by its range (`4XX`) or by `default`. */
export function declaresStatus(statuses: readonly string[], status: string): boolean {
  const upper = statuses.map((item) => item.toUpperCase())
  return upper.includes(status) || upper.includes(status[0] + 'XX') || upper.includes('DEFAULT')
}

/** Schemas nested deeper than this are not followed (a recursive schema). */
const maxDepth = 40

/** Whether any of `schemas` has the field at `path` (`['user', 'name']`); arrays are looked through. */
export function fieldPresence(document: Json, schemas: readonly unknown[], path: readonly string[]): Presence {
  return combine(schemas.map((schema) => presenceIn(document, schema, path, 0)))
}

function combine(results: readonly Presence[]): Presence {
  if (results.includes('yes')) return 'yes'
  if (results.includes('unknown') || results.length === 0) return 'unknown'
  return 'no'
}

function presenceIn(document: Json, value: unknown, path: readonly string[], depth: number): Presence {
  const schema = deref(document, value)
  if (!schema || depth > maxDepth) return 'unknown'
  if (path.length === 0) return 'yes'
  const [head, ...rest] = path as [string, ...string[]]
  const results: Presence[] = []
  for (const key of ['allOf', 'oneOf', 'anyOf']) {
    const parts = schema[key]
    if (!Array.isArray(parts)) continue
    // A part of an `allOf` that only describes (`{description: …}`) adds no field.
    const shaping = key === 'allOf' ? parts.filter((part) => !describesOnly(deref(document, part))) : parts
    results.push(...shaping.map((part) => presenceIn(document, part, path, depth + 1)))
  }
  for (const item of arrayItems(schema)) results.push(presenceIn(document, item, path, depth + 1))
  // A positional item that is no object (JSON-RPC's `[address, options]`) has no name: a page may name it.
  const prefix = schema['prefixItems']
  if (Array.isArray(prefix) && prefix.some((item) => !isObject(deref(document, item)?.['properties']))) results.push('unknown')
  const properties = schema['properties']
  if (isObject(properties) && Object.hasOwn(properties, head)) results.push(presenceIn(document, properties[head], rest, depth + 1))
  if (results.includes('yes')) return 'yes'
  if (results.includes('unknown') || isOpen(schema)) return 'unknown'
  return 'no'
}

/** The schemas of an array's items: `items`, and the positional `prefixItems` of JSON Schema 2020-12 (OpenAPI 3.1). */
function arrayItems(schema: Json): unknown[] {
  const items = schema['items']
  const prefix = schema['prefixItems']
  return [...(items !== undefined && typeof items !== 'boolean' ? [items] : []), ...(Array.isArray(prefix) ? prefix : [])]
}

/** Keywords that give a schema a shape; a schema with none of them only describes. */
const shapeKeywords = ['type', 'properties', 'items', 'prefixItems', 'allOf', 'oneOf', 'anyOf', 'additionalProperties', 'patternProperties', 'enum', 'const', 'not', 'format']

function describesOnly(schema: Json | undefined): boolean {
  return schema !== undefined && !shapeKeywords.some((key) => schema[key] !== undefined)
}

/**
 * A schema that may hold fields it does not name: extra properties allowed in so many words, pattern
 * properties, or an object with no properties, parts or items at all (free-form). Properties not set
 * to `additionalProperties: true` are taken to be the fields: specs rarely close their objects.
 */
function isOpen(schema: Json): boolean {
  const extra = schema['additionalProperties']
  if (extra === true || isObject(extra) || schema['patternProperties'] !== undefined) return true
  const shaped = schema['properties'] !== undefined || schema['items'] !== undefined || schema['prefixItems'] !== undefined || ['allOf', 'oneOf', 'anyOf'].some((key) => schema[key] !== undefined)
  const type = schema['type']
  const scalar = typeof type === 'string' && type !== 'object' && type !== 'array'
  return !shaped && !scalar
}

/** Whether any of `schemas` holds, at any depth, a positional item with no name (JSON-RPC's `params: [address, options]`). */
export function hasNamelessItem(document: Json, schemas: readonly unknown[]): boolean {
  const stack: Array<[unknown, number]> = schemas.map((schema) => [schema, 0])
  let visited = 0
  while (stack.length > 0 && visited++ < 2000) {
    const [value, depth] = stack.pop()!
    const schema = deref(document, value)
    if (!schema || depth > maxDepth) continue
    const prefix = schema['prefixItems']
    if (Array.isArray(prefix) && prefix.some((item) => !isObject(deref(document, item)?.['properties']))) return true
    for (const key of ['allOf', 'oneOf', 'anyOf']) if (Array.isArray(schema[key])) for (const part of schema[key] as unknown[]) stack.push([part, depth + 1])
    for (const item of arrayItems(schema)) stack.push([item, depth + 1])
    if (isObject(schema['properties'])) for (const child of Object.values(schema['properties'])) stack.push([child, depth + 1])
  }
  return false
}

/** The field names at `path` in any of `schemas` (for a "did you mean"). */
export function fieldNamesAt(document: Json, schemas: readonly unknown[], path: readonly string[]): string[] {
  const names = new Set<string>()
  const collect = (value: unknown, rest: readonly string[], depth: number): void => {
    const schema = deref(document, value)
    if (!schema || depth > maxDepth) return
    for (const key of ['allOf', 'oneOf', 'anyOf']) {
      const parts = schema[key]
      if (Array.isArray(parts)) for (const part of parts) collect(part, rest, depth + 1)
    }
    for (const item of arrayItems(schema)) collect(item, rest, depth + 1)
    const properties = schema['properties']
    if (!isObject(properties)) return
    if (rest.length === 0) for (const name of Object.keys(properties)) names.add(name)
    else if (Object.hasOwn(properties, rest[0]!)) collect(properties[rest[0]!], rest.slice(1), depth + 1)
  }
  for (const schema of schemas) collect(schema, path, 0)
  return [...names]
}

/**
 * The top-level fields every one of `schemas` requires (`required`, through `allOf`); undefined when a
 * schema cannot tell (a `oneOf`, an array, an unreadable `$ref`).
 */
export function requiredFields(document: Json, schemas: readonly unknown[]): string[] | undefined {
  let common: string[] | undefined
  for (const value of schemas) {
    const required = requiredOf(document, value, 0)
    if (!required) return undefined
    common = common ? common.filter((name) => required.includes(name)) : required
  }
  return common ?? []
}

function requiredOf(document: Json, value: unknown, depth: number): string[] | undefined {
  const schema = deref(document, value)
  if (!schema || depth > maxDepth || schema['oneOf'] !== undefined || schema['anyOf'] !== undefined || schema['items'] !== undefined) return undefined
  const own = Array.isArray(schema['required']) ? schema['required'].filter((name): name is string => typeof name === 'string') : []
  const parts = Array.isArray(schema['allOf']) ? schema['allOf'] : []
  const fromParts = parts.map((part) => requiredOf(document, part, depth + 1))
  if (fromParts.some((names) => names === undefined)) return undefined
  return [...new Set([...own, ...fromParts.flatMap((names) => names!)])]
}

/**
 * The fields of `schemas`, at any depth (`options.limit`, `items[].id`), that say nothing of what they
 * hold: no `description` on the property, nor a `description` or `title` on its schema or on a part
 * of it. A field fixed to one value (`const`, a one-value `enum`, JSON-RPC's `"jsonrpc": "2.0"`) has
 * nothing to say, nor has JSON-RPC's envelope, and an object (or a list of objects) is told by its own
 * fields, which are read in turn.
 */
export function undescribedFields(document: Json, schemas: readonly unknown[]): string[] {
  const bare = new Set<string>()
  const seen = new Set<unknown>()
  const visit = (value: unknown, prefix: string, depth: number): void => {
    const schema = deref(document, value)
    if (!schema || depth > maxDepth || seen.has(schema)) return
    seen.add(schema)
    for (const key of ['allOf', 'oneOf', 'anyOf']) {
      const parts = schema[key]
      if (Array.isArray(parts)) for (const part of parts) visit(part, prefix, depth + 1)
    }
    for (const item of arrayItems(schema)) visit(item, prefix === '' ? '' : prefix + '[]', depth + 1)
    const properties = schema['properties']
    // The one field of an object that says what it is (“Simulate on the bank of the given slot”) is told by it.
    const told = isObject(properties) && Object.keys(properties).length === 1 && saysWhat(document, schema, 0)
    // JSON-RPC's envelope (`jsonrpc`, `id`, `method`) is the protocol's, the same in every call.
    const envelope = prefix === '' && isObject(properties) && Object.hasOwn(properties, 'jsonrpc')
    if (isObject(properties)) {
      for (const [name, property] of Object.entries(properties)) {
        if (envelope && (name === 'jsonrpc' || name === 'id' || name === 'method')) continue
        const path = prefix === '' ? name : prefix + '.' + name
        const resolved = deref(document, property)
        if (!resolved) continue
        if (!told && !saysWhat(document, property, 0, name) && !fixed(resolved) && !spelledOut(resolved) && !recordStamp(name, resolved) && fieldNamesAt(document, [resolved], []).length === 0) bare.add(path)
        visit(property, path, depth + 1)
      }
    }
    seen.delete(schema)
  }
  for (const schema of schemas) visit(schema, '', 0)
  return [...bare]
}

/** Whether a schema, or one of its parts (`allOf: [{$ref}, {description}]`), has a description or a title. */
function saysWhat(document: Json, value: unknown, depth: number, name?: string): boolean {
  const schema = deref(document, value)
  if (!schema || depth > 4) return false
  if ((isObject(value) && hasText(value['description'])) || hasText(schema['description']) || titleSays(schema['title'], name)) return true
  return ['allOf', 'oneOf', 'anyOf'].some((key) => Array.isArray(schema[key]) && (schema[key] as unknown[]).some((part) => saysWhat(document, part, depth + 1, name)))
}

/** A text field whose example is a sentence (`"Successfully deleted 2 memories"`): the example shows what it holds. */
function spelledOut(schema: Json): boolean {
  const example = schema['example'] ?? (Array.isArray(schema['examples']) ? schema['examples'][0] : undefined)
  return typeof example === 'string' && /\p{L}{2}/u.test(example) && example.trim().split(/\s+/).length >= 3
}

/** A record's own stamps, told by name and format: `id` as a UUID, `created` or `updated_at` as a date-time. */
function recordStamp(name: string, schema: Json): boolean {
  // A nullable one (`anyOf: [{format: date-time}, {type: null}]`) by its other part.
  const parts = (schema['anyOf'] ?? schema['oneOf']) as unknown
  const values = Array.isArray(parts) ? parts.filter((part) => isObject(part) && part['type'] !== 'null') : []
  const format = schema['format'] ?? (values.length === 1 ? (values[0] as Json)['format'] : undefined)
  if (format === 'uuid') return /^id$/i.test(name)
  return format === 'date-time' && /^(?:created|updated|modified|deleted)(?:_?at|_?on|_?time)?$/i.test(name)
}

function fixed(schema: Json): boolean {
  return schema['const'] !== undefined || (Array.isArray(schema['enum']) && schema['enum'].length === 1)
}
