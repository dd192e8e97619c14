// JSX elements of MDX pages and the HTML tags of `.md` pages, as the rules read them.
import type {Html, Nodes, Root} from 'mdast'
import type {Position} from 'unist'
import {visit} from '../../src/shared/walk.js'
import type {Page} from '../../src/page/page.js'

/** An MDX JSX element, block (`<Steps>` on its own line) or inline. */
export type JsxElement = Extract<Nodes, {type: 'mdxJsxFlowElement' | 'mdxJsxTextElement'}>

export function isJsxElement(node: {type: string}): node is JsxElement {
  return node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement'
}

/** An attribute as far as a linter can know it: absent, a literal string, or decided at build time. */
export type AttributeValue =
  | {kind: 'absent'}
  /** `attr={expression}`, or absent next to a `{...spread}` that may set it. */
  | {kind: 'unknown'}
  /** A literal value; `attr` alone gives `''`. */
  | {kind: 'text'; text: string}

export function jsxAttribute(node: JsxElement, name: string): AttributeValue {
  let spread = false
  for (const attribute of node.attributes) {
    if (attribute.type === 'mdxJsxExpressionAttribute') {
      spread = true
    } else if (attribute.name === name) {
      if (attribute.value === null || attribute.value === undefined) return {kind: 'text', text: ''}
      if (typeof attribute.value === 'string') return {kind: 'text', text: attribute.value}
      return {kind: 'unknown'}
    }
  }
  return spread ? {kind: 'unknown'} : {kind: 'absent'}
}

/** Where a JSX element's opening tag ends: messages about attributes point at the tag, not the children. */
export function openingTagPlace(node: JsxElement, page: Page): Position | undefined {
  const start = node.position?.start.offset
  const end = node.position?.end.offset
  if (start === undefined || end === undefined) return node.position
  const last = node.attributes.at(-1)?.position?.end.offset ?? start + 1 + (node.name?.length ?? 0)
  const close = page.source.indexOf('>', last)
  if (close === -1 || close >= end) return node.position
  return {start: node.position!.start, end: page.toPoint(close + 1)}
}

/** An HTML tag in a `.md` page, parsed from the source. */
export interface HtmlTag {
  /** Lower-cased tag name. */
  name: string
  start: number
  end: number
  /** Lower-cased attribute names; `null` for an attribute without a value. */
  attributes: Map<string, string | null>
}

// No `<` inside a tag: a scan for a tag that never closes stops at the next one, so it stays linear.
const attributePattern = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"<]*)"|'([^'<]*)'|([^\s"'=<>`]+)))?/g
const tagPattern = /<([a-z][a-z\d-]*)((?:\s+[^\s"'<>/=]+(?:\s*=\s*(?:"[^"<]*"|'[^'<]*'|[^\s"'=<>`]+))?)*)\s*\/?>/gi

/** The opening tags named `names` (lower case) in an `html` node, outside HTML comments. */
export function htmlTagsIn(node: Html, page: Page, names: ReadonlySet<string>): HtmlTag[] {
  const start = node.position?.start.offset
  const end = node.position?.end.offset
  if (start === undefined || end === undefined) return []
  // Blank out comments so offsets stay those of the page.
  const text = page.source.slice(start, end).replace(/<!--[\s\S]*?(?:-->|$)/g, (comment) => ' '.repeat(comment.length))
  const tags: HtmlTag[] = []
  for (const match of text.matchAll(tagPattern)) {
    const name = match[1]!.toLowerCase()
    if (!names.has(name)) continue
    const attributes = new Map<string, string | null>()
    for (const attribute of match[2]!.matchAll(attributePattern)) {
      attributes.set(attribute[1]!.toLowerCase(), attribute[2] ?? attribute[3] ?? attribute[4] ?? null)
    }
    tags.push({name, start: start + match.index, end: start + match.index + match[0].length, attributes})
  }
  return tags
}

const componentTag = /<(\/?)([A-Z][\w.]*)(?=[\s>/])[^<>]*?(\/?)>/g

/**
 * Offset ranges of the `<Name>…</Name>` components that a `.md` page writes as HTML (there they are
 * `html` nodes, not elements with children).
 */
export function htmlComponentRanges(tree: Root, page: Page, name: string): Array<[number, number]> {
  const ranges: Array<[number, number]> = []
  if (page.kind !== 'md') return ranges
  const open: number[] = []
  visit(tree, 'html', (node) => {
    const start = node.position?.start.offset
    if (start === undefined) return
    for (const match of node.value.matchAll(componentTag)) {
      if (match[2] !== name || match[3]) continue
      if (!match[1]) open.push(start)
      else if (open.length > 0) ranges.push([open.pop()!, node.position!.end.offset ?? start])
    }
  })
  return ranges
}

/** Where the tag name sits: `Stpes` in `<Stpes>`, so messages point at the name, not the whole element. */
export function tagNamePlace(node: JsxElement, page: Page): Position | undefined {
  const start = node.position?.start.offset
  if (start === undefined || !node.name) return node.position
  const offset = page.source.indexOf(node.name, start)
  if (offset === -1 || offset > start + 10) return node.position
  return {start: page.toPoint(offset), end: page.toPoint(offset + node.name.length)}
}
