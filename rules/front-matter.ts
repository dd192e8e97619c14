import path from 'node:path'
import type {Root} from 'mdast'
import type {Position} from 'unist'
import type {VFile} from 'vfile'
import {defineRule, type TextEdit} from '../src/rule.js'
import {frontMatterData, type Page} from '../src/page/page.js'
import {headingText, removeBlock, titleHeading} from './shared/headings.js'
import {yaml} from '../src/shared/lazy.js'

const required = ['title', 'description'] as const

export default defineRule({
  id: 'front-matter',
  severity: 'error',
  summary: 'Pages start with YAML front matter holding a non-empty `title` and `description`',
  fixable: true,
  conventions: [{id: 'front-matter', coverage: 'full'}],
  defaults: {},
  create() {
    return function (tree, {file, page, report}) {
      const frontMatter = page.frontMatter()
      // Snippets are pieces of other pages: they need no title or description of their own. A file that
      // another page imports is one too, wherever it lies: the site checks withdraw `holds: 'page'` reports from it.
      if (!frontMatter.node && page.isSnippet) return
      if (!frontMatter.node) {
        report({
          message: 'Missing front matter, expected YAML front matter with `title` and `description`',
          place: {line: 1, column: 1},
          fix: frontMatterFix(tree, file, page),
          holds: 'page'
        })
        return
      }
      const position = frontMatter.node.position!
      // The opening `---` line: where problems of the whole block are shown.
      const opening: Position = {start: position.start, end: {...position.start, column: position.start.column + 3, offset: (position.start.offset ?? 0) + 3}}
      if (frontMatter.errors.length > 0) {
        // One syntax error, the first: the parser's later errors are most often the same mistake seen again.
        const error = frontMatter.errors[0]!
        report({message: 'Invalid YAML in front matter: ' + error.message, place: error.place})
        return
      }
      if (page.isSnippet) return
      const data = frontMatter.data
      if (!data) {
        report({
          message: 'Unexpected front matter that is not a mapping, expected `title:` and `description:` keys',
          place: opening,
          holds: 'page'
        })
        return
      }
      // OpenAPI pages take title and description from the operation (`openapi:`) or the schema
      // (`openapi-schema:`); `api:` pages their title.
      const exempt = new Set<string>(
        hasValue(data['openapi']) || hasValue(data['openapi-schema']) ? ['title', 'description'] : hasValue(data['api']) ? ['title'] : []
      )
      for (const key of required) {
        const value = data[key]
        if (value === undefined || value === null) {
          if (exempt.has(key)) continue
          // The platform shows a page without a description; one without a title gets its file name.
          report({message: 'Missing `' + key + '` in front matter, expected a non-empty string', place: opening, level: key === 'description' ? 'warn' : 'error', holds: 'page'})
        } else if (typeof value !== 'string') {
          report({
            message: 'Unexpected `' + key + '` of type `' + typeOf(value) + '`, expected a non-empty string',
            place: frontMatter.placeOf(key, true) ?? frontMatter.placeOf(key) ?? opening,
            holds: 'page'
          })
        } else if (value.trim() === '') {
          report({
            message: 'Unexpected empty `' + key + '`, expected a non-empty string',
            place: frontMatter.placeOf(key) ?? opening,
            level: key === 'description' ? 'warn' : 'error',
            holds: 'page'
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

/**
 * Front matter with a `title` from the page's H1 (then removed) or else its file name. The description
 * is left out: only the author knows it, so the page is still reported until it has one.
 */
function frontMatterFix(tree: Root, file: VFile, page: Page): TextEdit[] | undefined {
  const heading = titleHeading(tree)
  const removal = heading ? removeBlock(heading, page.source) : undefined
  const title = heading && removal ? headingText(heading) : titleFromFileName(file)
  if (!title) return undefined
  // `stringify` quotes what YAML would read as something else (`2024`, `Setup: part 1`, `#1`). Pages are
  // read as the platform reads them, with js-yaml, which takes a few more bare words for numbers
  // (`1_000`, `0b1010`): a title that does not read back as itself is written in double quotes.
  const written = yaml().stringify(title, {lineWidth: 0}).trimEnd()
  const block = '---\ntitle: ' + (frontMatterData('title: ' + written)?.['title'] === title ? written : JSON.stringify(title)) + '\n---\n'
  const source = page.source
  // Blank lines at the top would end up between the front matter and the page.
  const leading = /^(?:[ \t]*\r?\n)*/.exec(source)![0].length
  if (removal && removal.start <= leading) {
    return [{start: 0, end: removal.end, text: block + (removal.end < source.length ? '\n' : '')}]
  }
  const insertion = {start: 0, end: leading, text: block + (leading < source.length ? '\n' : '')}
  return removal ? [insertion, removal] : [insertion]
}

/** `getting-started.mdx` gives `Getting started`; `guides/index.mdx` gives `Guides`. */
function titleFromFileName(file: VFile): string | undefined {
  if (!file.path) return undefined
  const relative = path.relative(file.cwd, path.resolve(file.cwd, file.path))
  let name = path.basename(relative, path.extname(relative))
  if (/^(?:index|readme)$/i.test(name)) {
    const folder = path.dirname(relative)
    if (folder === '.' || folder.startsWith('..')) return undefined
    name = path.basename(folder)
  }
  // `01-setup` orders files in a folder; the number is not part of the title.
  const words = name.replace(/^\d+[-_. ]+(?=\S)/, '').split(/[-_\s]+/).filter(Boolean).join(' ')
  return words === '' ? undefined : words[0]!.toUpperCase() + words.slice(1)
}
