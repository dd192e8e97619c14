import type {Position} from 'unist'
import {defineRule} from '../src/rule.js'

const required = ['title', 'description'] as const

export default defineRule({
  id: 'front-matter',
  severity: 'error',
  summary: 'Pages start with YAML front matter holding a non-empty `title` and `description`',
  fixable: false,
  defaults: {},
  create() {
    return function (tree, {page, report}) {
      const frontMatter = page.frontMatter()
      // Snippets are pieces of other pages: they need no title or description of their own.
      if (!frontMatter.node && page.isSnippet) return
      if (!frontMatter.node) {
        report({
          message: 'Missing front matter, expected YAML front matter with `title` and `description`',
          place: {line: 1, column: 1}
        })
        return
      }
      const position = frontMatter.node.position!
      // The opening `---` line: where problems of the whole block are shown.
      const opening: Position = {start: position.start, end: {...position.start, column: position.start.column + 3, offset: (position.start.offset ?? 0) + 3}}
      if (frontMatter.errors.length > 0) {
        for (const error of frontMatter.errors) {
          report({message: 'Invalid YAML in front matter: ' + error.message, place: error.place})
        }
        return
      }
      if (page.isSnippet) return
      const data = frontMatter.data
      if (!data) {
        report({
          message: 'Unexpected front matter that is not a mapping, expected `title:` and `description:` keys',
          place: opening
        })
        return
      }
      // OpenAPI pages take title and description from the operation; `api:` pages their title.
      const exempt = new Set<string>(
        hasValue(data['openapi']) ? ['title', 'description'] : hasValue(data['api']) ? ['title'] : []
      )
      for (const key of required) {
        const value = data[key]
        if (value === undefined || value === null) {
          if (exempt.has(key)) continue
          report({message: 'Missing `' + key + '` in front matter, expected a non-empty string', place: opening})
        } else if (typeof value !== 'string') {
          report({
            message: 'Unexpected `' + key + '` of type `' + typeOf(value) + '`, expected a non-empty string',
            place: frontMatter.placeOf(key, true) ?? frontMatter.placeOf(key) ?? opening
          })
        } else if (value.trim() === '') {
          report({
            message: 'Unexpected empty `' + key + '`, expected a non-empty string',
            place: frontMatter.placeOf(key) ?? opening
          })
        }
      }
    }
  }
})

function hasValue(value: unknown): boolean {
  return typeof value === 'string' ? value.trim() !== '' : value !== undefined && value !== null
}

function typeOf(value: unknown): string {
  if (Array.isArray(value)) return 'array'
  if (value instanceof Date) return 'date'
  return typeof value
}
