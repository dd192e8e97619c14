// no-secrets: a real-looking credential anywhere in a page or in docs.json is reported where a writer
// should replace it. Finding secrets is shared with the masking of every output (rules/shared/secrets.ts).
import type {Nodes, Root} from 'mdast'
import type {Position} from 'unist'
import {location} from 'vfile-location'
import {visit} from '../src/shared/walk.js'
import {maskOf} from '../src/page/redact.js'
import {defineRule, type RuleContext, type SiteContext} from '../src/rule.js'
import type {JsonDocument} from '../src/site/json.js'
import type {Site} from '../src/site/model.js'
import {allowPatterns, findSecrets, secretFinder, type Candidate} from './shared/secrets.js'
import {reportable} from './shared/secrets-context.js'
import {publicConfigKeys} from './shared/secrets.data.js'

export interface Options {
  /** Regular expressions (as strings); a candidate secret matching any of them is allowed. */
  allow: string[]
}

export default defineRule<Options>({
  id: 'no-secrets',
  severity: 'error',
  summary: 'No real-looking credential (API key, token, password, private key) anywhere in a page or in docs.json',
  fixable: 'suggestion',
  conventions: [{id: 'no-real-secrets', coverage: 'full'}],
  options: {
    type: 'object',
    properties: {
      allow: {type: 'array', items: {type: 'string'}}
    }
  },
  defaults: {allow: []},
  masks: secretFinder,
  create(options) {
    const allow = allowPatterns(options.allow, true)
    return function (tree, context) {
      const source = context.page.source
      const accepted = findSecrets(source, tree, allow)
      if (accepted.length > 0) reportAll(tree, context, reportable(tree, source, accepted))
    }
  },
  site(options) {
    const allow = allowPatterns(options.allow, false)
    return function (site: Site, context: SiteContext) {
      for (const document of site.config.documents) {
        if (document.readError || typeof document.file.value !== 'string') continue
        reportConfigSecrets(document, allow, context)
      }
    }
  }
})

/** Secrets in `docs.json` (or `mint.json`, or a file it includes), but not the public keys of its integrations. */
function reportConfigSecrets(document: JsonDocument, allow: readonly RegExp[], context: SiteContext): void {
  const source = String(document.file.value)
  const found = configSecrets(document, source, allow)
  if (found.length === 0) return
  const published = publicRanges(document)
  const place = location(document.file)
  for (const candidate of found) {
    if (published.some(([start, end]) => start <= candidate.start && candidate.end <= end)) continue
    const masked = maskOf(source.slice(candidate.start, candidate.end))
    const start = place.toPoint(candidate.start)
    const end = place.toPoint(candidate.end)
    context.report({
      file: document.file,
      // A placeholder would break the site: the config's values are used as they are, and most are published.
      message: 'Unexpected ' + candidate.kind.name + ' `' + masked + '` ' + (candidate.detail ? candidate.detail + ' ' : '') + 'in `' +
        document.file.basename + '`, expected no credential in the site’s config',
      place: start && end ? {start, end} : undefined,
      actual: masked
    })
  }
}

/**
 * What `findSecrets` finds in a config file, kept for as long as the file's document lives: a caller
 * that keeps the site's config from run to run (the language server) scans it once, not once an edit.
 */
const foundInDocument = new WeakMap<JsonDocument, {source: string; allow: readonly RegExp[]; found: Candidate[]}>()

function configSecrets(document: JsonDocument, source: string, allow: readonly RegExp[]): Candidate[] {
  const kept = foundInDocument.get(document)
  if (kept && kept.source === source && sameRegExps(kept.allow, allow)) return kept.found
  const found = findSecrets(source, undefined, allow)
  foundInDocument.set(document, {source, allow, found})
  return found
}

function sameRegExps(a: readonly RegExp[], b: readonly RegExp[]): boolean {
  return a.length === b.length && a.every((pattern, index) => pattern.source === b[index]!.source && pattern.flags === b[index]!.flags)
}

/** Offsets of the values the platform serves to every browser (`integrations`, `analytics`). */
function publicRanges(document: JsonDocument): Array<[number, number]> {
  const body = document.body
  if (body?.type !== 'Object') return []
  return body.members
    .filter((member) => member.name.type === 'String' && publicConfigKeys.includes(member.name.value))
    .map((member) => [member.value.loc.start.offset, member.value.loc.end.offset])
}

interface Region {
  start: number
  end: number
  where: string
  /** A `<PLACEHOLDER>` here reads as text; in prose, HTML or JavaScript it would be a tag. */
  literal: boolean
}
/** Where each secret is (code, front matter, an attribute…), then one message per secret. */
function reportAll(tree: Root, {page, report}: RuleContext, accepted: readonly Candidate[]): void {
  const regions: Region[] = []
  const add = (position: Position | undefined, where: string, literal = false) => {
    const start = position?.start.offset
    const end = position?.end.offset
    if (start !== undefined && end !== undefined) regions.push({start, end, where, literal})
  }
  visit(tree, (node: Nodes) => {
    switch (node.type) {
      case 'yaml':
        add(node.position, 'in front matter', true)
        break
      case 'code':
        add(node.position, 'in code', true)
        break
      case 'inlineCode':
        add(node.position, 'in inline code', true)
        break
      case 'text':
        add(node.position, 'in text')
        break
      case 'html':
        add(node.position, 'in HTML')
        break
      case 'link':
      case 'image':
      case 'definition':
        add(node.position, 'in a link')
        break
      case 'mdxjsEsm':
        add(node.position, 'in an import or export')
        break
      case 'mdxFlowExpression':
      case 'mdxTextExpression':
        add(node.position, 'in an expression')
        break
      case 'mdxJsxFlowElement':
      case 'mdxJsxTextElement':
        for (const attribute of node.attributes) {
          const element = node.name ? '`<' + node.name + '>`' : 'a fragment'
          add(
            attribute.position,
            attribute.type === 'mdxJsxAttribute'
              ? 'in the `' + attribute.name + '` attribute of ' + element
              : 'in an attribute of ' + element,
            attribute.type === 'mdxJsxAttribute' && typeof attribute.value === 'string'
          )
        }
        break
      default:
        break
    }
  })
  for (const candidate of accepted) {
    let where = 'in the page'
    let size = Infinity
    let literal = false
    for (const region of regions) {
      if (region.start <= candidate.start && candidate.start < region.end && region.end - region.start < size) {
        where = region.where
        size = region.end - region.start
        literal = region.literal && candidate.end <= region.end
      }
    }
    const masked = maskOf(page.source.slice(candidate.start, candidate.end))
    const placeholder = candidate.kind.placeholder
    report({
      // Only a suggestion: a leaked key must be revoked too, which an edit cannot do for you.
      suggestions: literal
        ? [{description: 'Replace the secret with `' + placeholder + '`', edits: [{start: candidate.start, end: candidate.end, text: placeholder}]}]
        : undefined,
      message:
        'Unexpected ' + candidate.kind.name + ' `' + masked + '` ' + (candidate.detail ? candidate.detail + ' ' : '') + where +
        ', expected a placeholder such as `' + candidate.kind.placeholder + '`',
      place: {start: page.toPoint(candidate.start), end: page.toPoint(candidate.end)},
      actual: masked,
      expected: candidate.kind.placeholder
    })
  }
}
