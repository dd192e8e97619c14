import fs from 'node:fs'
import path from 'node:path'
import {describe, expect, it} from 'vitest'
import {SchemaChecker, type SchemaNode} from '../src/site/schema-check.js'

const facts = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '../src/platform/facts.generated.json'), 'utf8')) as {docsConfig: {docs: SchemaNode; mint: SchemaNode}}

/** Keywords src/site/schema-check.ts reads; the rest (`default`, `$schema`, `definitions`) only annotate. */
const checked = new Set([
  'type', 'const', 'enum', 'minLength', 'maxLength', 'pattern', 'format', 'minimum', 'maximum', 'minItems', 'maxItems',
  'items', 'properties', 'required', 'additionalProperties', 'propertyNames', 'anyOf', 'allOf', 'not', '$ref',
  'x-unknown', 'x-invalid', 'x-refined'
])
/** Refinements src/site/schema-refinements.ts checks; the extractor names these and marks the rest `true`. */
const named = new Set(['href', 'icon', 'unique-sources'])
const annotations = new Set(['default', '$schema', 'definitions'])

function keywordsOf(node: unknown, found: Set<string>): void {
  if (typeof node !== 'object' || node === null) return
  for (const [keyword, value] of Object.entries(node)) {
    found.add(keyword)
    if (keyword === 'properties' || keyword === 'definitions') for (const child of Object.values(value as object)) keywordsOf(child, found)
    else if (keyword === 'anyOf' || keyword === 'allOf') for (const child of value as unknown[]) keywordsOf(child, found)
    else if (keyword === 'items' || keyword === 'additionalProperties' || keyword === 'not' || keyword === 'propertyNames') keywordsOf(value, found)
  }
}

describe('the platform\'s config schemas in the facts', () => {
  it('use only keywords the checker reads (a new one needs teaching first)', () => {
    const found = new Set<string>()
    keywordsOf(facts.docsConfig.docs, found)
    keywordsOf(facts.docsConfig.mint, found)
    expect([...found].filter((keyword) => !checked.has(keyword) && !annotations.has(keyword))).toEqual([])
    expect(found.has('x-unknown')).toBe(true)
  })

  it('name the refinements docs-lint checks, each somewhere in the schemas', () => {
    const names = new Set<unknown>()
    const visit = (node: unknown): void => {
      if (typeof node !== 'object' || node === null) return
      if ('x-refined' in node) names.add((node as {'x-refined': unknown})['x-refined'])
      for (const value of Object.values(node)) visit(value)
    }
    visit(facts.docsConfig)
    expect([...names].filter((name) => name !== true).sort()).toEqual([...named].sort())
  })

  it('say of every closed object whether the platform rejects or drops an unknown key', () => {
    const unmarked: string[] = []
    const visit = (node: unknown, at: string): void => {
      if (Array.isArray(node)) return node.forEach((item, index) => visit(item, at + '/' + index))
      if (typeof node !== 'object' || node === null) return
      const schema = node as Record<string, unknown>
      if (schema['additionalProperties'] === false && !schema['x-unknown']) unmarked.push(at)
      for (const [key, value] of Object.entries(schema)) visit(value, at + '/' + key)
    }
    visit(facts.docsConfig, '')
    expect(unmarked).toEqual([])
  })
})

describe('the config schema checker', () => {
  const group = {
    type: 'object',
    properties: {group: {type: 'string'}, pages: {type: 'array', items: {$ref: '#/definitions/entry'}}, openapi: {type: 'string', 'x-invalid': 'ignored'}},
    required: ['group'],
    additionalProperties: false,
    'x-unknown': 'strip'
  }
  const schema: SchemaNode = {
    type: 'object',
    properties: {
      theme: {type: 'string', const: 'mint'},
      colors: {type: 'object', properties: {primary: {type: 'string'}}, additionalProperties: false, 'x-unknown': 'error'},
      tab: {
        anyOf: [
          {type: 'object', properties: {tab: {type: 'string'}, groups: {type: 'array', items: group}}, required: ['tab', 'groups'], additionalProperties: false, 'x-unknown': 'strip'},
          {type: 'object', properties: {tab: {type: 'string'}, href: {type: 'string'}}, required: ['tab', 'href'], additionalProperties: false, 'x-unknown': 'strip'},
          {type: 'object', properties: {tab: {type: 'string'}}, required: ['tab'], additionalProperties: false, 'x-unknown': 'strip'}
        ]
      }
    },
    additionalProperties: false,
    'x-unknown': 'strip',
    definitions: {entry: {anyOf: [{type: 'string'}, group]}}
  }
  const check = (value: unknown) => new SchemaChecker(schema).check(value)

  it('rejects an unknown key of a strict object and only warns of one the platform drops', () => {
    expect(check({colors: {primary: '#000', secondary: '#fff'}, extra: 1})).toEqual([
      expect.objectContaining({kind: 'unknown-key', path: ['colors'], key: 'secondary', level: 'error', strict: true}),
      expect.objectContaining({kind: 'unknown-key', path: [], key: 'extra', level: 'warn', strict: false})
    ])
  })

  it('checks an object of a union as the branch it fits, so an extra key of a nested group is only ignored', () => {
    const issues = check({tab: {tab: 'A', groups: [{group: 'G', pages: ['a', {group: 'N', collapsed: true, pages: ['b']}]}]}})
    expect(issues).toEqual([expect.objectContaining({kind: 'unknown-key', path: ['tab', 'groups', 0, 'pages', 1], key: 'collapsed', level: 'warn'})])
  })

  it('passes a union by its first branch that passes, and says what it drops', () => {
    // The first branch fails on its page; the bare tab passes by dropping `groups`: valid, with the loss said.
    const issues = check({tab: {tab: 'A', groups: [{group: 'G', pages: [5]}]}})
    expect(issues).toEqual([expect.objectContaining({kind: 'type', path: ['tab', 'groups', 0, 'pages', 0], level: 'warn', ignored: [['tab', 'groups']]})])
    // Both keys that set a shape: the first branch that passes keeps its own and drops the other.
    expect(check({tab: {tab: 'A', href: '/a', groups: []}})).toEqual([expect.objectContaining({kind: 'unknown-key', key: 'href', level: 'warn', beside: ['groups']})])
  })

  it('reports the branch the writer meant when none passes', () => {
    expect(check({tab: {groups: [{group: 'G', pages: ['a']}]}})).toEqual([expect.objectContaining({kind: 'required', path: ['tab'], key: 'tab', level: 'error'})])
    expect(check({tab: 5})).toEqual([expect.objectContaining({kind: 'type', path: ['tab'], level: 'error'})])
  })

  it('drops an invalid value the platform catches, with a warning', () => {
    expect(check({tab: {tab: 'A', groups: [{group: 'G', openapi: 5}]}})).toEqual([
      expect.objectContaining({kind: 'type', path: ['tab', 'groups', 0, 'openapi'], level: 'warn', ignored: [['tab', 'groups', 0, 'openapi']]})
    ])
  })

  it('runs the refinements docs-lint knows once, on a value that passed the rest of its schema', () => {
    const refined: SchemaNode = {
      type: 'object',
      properties: {
        href: {$ref: '#/definitions/href', 'x-refined': 'href'},
        icon: {type: 'string', 'x-refined': 'icon'},
        redirects: {type: 'array', items: {type: 'object'}, 'x-refined': 'unique-sources'},
        other: {type: 'string', 'x-refined': true}
      },
      additionalProperties: false,
      'x-unknown': 'strip',
      definitions: {href: {type: 'string', 'x-refined': 'href'}}
    }
    const checker = new SchemaChecker(refined)
    expect(checker.check({href: '/a', icon: 'rocket', redirects: [{source: '/a'}, {source: '/b'}], other: 'x'})).toEqual([])
    expect(checker.check({href: 'a/b', icon: 'fa-rocket', redirects: [{source: '/a'}, {source: '/a'}]})).toEqual([
      expect.objectContaining({kind: 'refined', path: ['href'], level: 'error'}),
      expect.objectContaining({kind: 'refined', path: ['icon'], level: 'error'}),
      expect.objectContaining({kind: 'refined', path: ['redirects', 1, 'source'], level: 'error'})
    ])
    expect(checker.check({href: 5})).toEqual([expect.objectContaining({kind: 'type', path: ['href']})])
  })

  it('reads patterns as zod does, without the `u` flag', () => {
    const checker = new SchemaChecker({type: 'string', pattern: '^phc\\_'})
    expect(checker.check('phc_123')).toEqual([])
    expect(checker.check('sk_123')).toEqual([expect.objectContaining({kind: 'pattern'})])
  })

  it('gives one message for a literal key no branch takes, and checks the rest as the closest branch', () => {
    const themes: SchemaNode = {
      anyOf: ['mint', 'maple'].map((theme) => ({type: 'object', properties: {theme: {type: 'string', const: theme}, name: {type: 'string'}}, required: ['theme', 'name'], additionalProperties: false, 'x-unknown': 'strip'}))
    }
    const closeTo = (value: string, candidates: string[]) => candidates.find((candidate) => value.startsWith(candidate))
    expect(new SchemaChecker(themes, closeTo).check({theme: 'mintt'})).toEqual([
      expect.objectContaining({kind: 'value', path: ['theme'], expected: ['mint', 'maple']}),
      expect.objectContaining({kind: 'required', path: [], key: 'name'})
    ])
  })
})
