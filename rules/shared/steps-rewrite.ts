/**
 * The fix of steps-for-procedures: a numbered list (or a chain of lists a code block splits) rewritten
 * as `<Steps>` with one `<Step title="…">` per item. The title is the item's first sentence (or its bold
 * label), the body the rest of the item, re-indented. `stepsOf` checks its own result by parsing it
 * again: the steps must hold the same text in the same kinds of blocks as the list did, or there is no
 * rewrite. A title that would drop formatting, or take a later heading's anchor, makes the rewrite a
 * suggestion instead of a fix.
 */
import type {List, ListItem, Nodes, PhrasingContent, Root, Text} from 'mdast'
import {toString} from 'mdast-util-to-string'
import {VFile} from 'vfile'
import {visit} from '../../src/shared/walk.js'
import type {TextEdit} from '../../src/rule.js'
import type {Page} from '../../src/page/page.js'
import {parseFailureOf, parsePage} from '../../src/page/parse.js'
import {anchorText, headingSlug} from '../../src/page/slug.js'
import {isJsxElement} from './jsx.js'
import {abbreviations} from './steps-rewrite.data.js'

const abbreviation = new Set(abbreviations)
// A value inside `title="…"` that MDX would read differently: a quote ends it, an entity is decoded.
const unsafeTitle = /["\n]|&(?:#\d+|#x[\da-f]+|[a-z][a-z\d]*);/i

interface Step {
  title: string
  /** Lines of the body, without the item's indentation. */
  body: string[]
  /** What the re-parsed step must hold: the text after the title, white space removed, and its blocks' shapes. */
  text: string
  shapes: string[]
  /**
   * The title holds the words of the item's first sentence as written: plain text, or a bold label
   * (`**Publish**:`, which a title shows as the step's name). Otherwise the title is a plain copy
   * and the whole item, its code, emphasis and links, stays in the body.
   */
  faithful: boolean
}

/**
 * The ordered lists of `chain` as `<Steps>` with one `<Step title="…">` per item: the title is the
 * item's first sentence, the body the rest of the item. Blocks between two lists of a chain (the
 * code block that split them) go to the step before. `faithful` when every title holds its sentence
 * as written and takes no later heading's anchor; otherwise the rewrite is only fit to offer, as `description` says. Undefined when a title cannot be written as
 * a plain attribute, or the result would not parse as the same steps.
 */
export function stepsOf(chain: readonly List[], siblings: readonly Nodes[], page: Page, tree: Root): {edits: TextEdit[]; faithful: boolean; description: string} | undefined {
  if (page.kind !== 'mdx' || (chain[0]!.start ?? 1) !== 1) return undefined
  const source = page.source
  const start = chain[0]!.position?.start.offset
  const end = chain.at(-1)!.position?.end.offset
  if (start === undefined || end === undefined) return undefined
  const indent = source.slice(source.lastIndexOf('\n', start - 1) + 1, start)
  // Inside a block quote or on a list marker's line, the lines carry markers a re-indent would break.
  if (!/^ *$/.test(indent)) return undefined
  const steps: Step[] = []
  let previousEnd: number | undefined
  for (const list of chain) {
    const listStart = list.position?.start.offset
    if (listStart === undefined) return undefined
    if (previousEnd !== undefined) {
      const between = dedent(source.slice(previousEnd, listStart).split(/\r?\n/).slice(1), indent.length)
      if (between === undefined) return undefined
      const last = steps.at(-1)!
      last.body.push(...(last.body.length > 0 ? [''] : []), ...trimBlankLines(between))
      const blocks = siblings.slice(siblings.indexOf(chain[chain.indexOf(list) - 1]!) + 1, siblings.indexOf(list))
      last.text += blocks.map((block) => compact(toString(block))).join('')
      last.shapes.push(...blocks.map(shape))
    }
    for (const item of list.children) {
      const step = stepOf(item, source)
      if (!step) return undefined
      steps.push(step)
    }
    previousEnd = list.position?.end.offset
  }
  let text = '<Steps>\n'
  for (const step of steps) {
    const body = trimBlankLines(step.body)
    if (body.length === 0) {
      text += indent + '  <Step title="' + step.title + '" />\n'
      continue
    }
    text += indent + '  <Step title="' + step.title + '">\n'
    for (const line of body) text += (line === '' ? '' : indent + '    ' + line) + '\n'
    text += indent + '  </Step>\n'
  }
  text += indent + '</Steps>'
  if (!parsesAsSteps(indent + text, steps, definitionsOf(tree, source))) return undefined
  // A step's title is an anchor too: one that a later heading also makes would renumber that heading's.
  const lastAt = lastAnchorOffsets(tree)
  const taken = steps.map((step) => headingSlug(step.title)).find((anchor) => (lastAt.get(anchor) ?? -1) >= end)
  const edits = [{start, end, text}]
  if (taken !== undefined) {
    return {edits, faithful: false, description: 'Rewrite the list as `<Steps>` (a step title takes the anchor `#' + taken + '` from a later heading, whose anchor becomes `#' + taken + '-2`: update the links to it)'}
  }
  if (steps.every((step) => step.faithful)) return {edits, faithful: true, description: ''}
  return {edits, faithful: false, description: 'Rewrite the list as `<Steps>`, each item kept whole in its step under a plain title'}
}

const anchorOffsets = new WeakMap<Root, Map<string, number>>()

/**
 * Each anchor that headings and step titles make from their text, with the offset of the last one that
 * makes it: read once a page, however many lists it rewrites (a page of a thousand procedures).
 */
function lastAnchorOffsets(tree: Root): Map<string, number> {
  let anchors = anchorOffsets.get(tree)
  if (anchors) return anchors
  anchors = new Map()
  const found = anchors
  const add = (anchor: string, node: Nodes) => found.set(anchor, Math.max(found.get(anchor) ?? -1, node.position?.start.offset ?? 0))
  visit(tree, (node: Nodes) => {
    if (node.type === 'heading' && node.depth <= 4 && node.data?.id === undefined) add(headingSlug(anchorText(node.children)!), node)
    if (isJsxElement(node) && node.name && (/^h[1-4]$/.test(node.name) || node.name === 'Heading')) add(headingSlug(anchorText(node.children as PhrasingContent[])!), node)
    if (isJsxElement(node) && node.name === 'Step') {
      const title = node.attributes.find((attribute) => attribute.type === 'mdxJsxAttribute' && attribute.name === 'title')?.value
      if (typeof title === 'string') add(headingSlug(title), node)
    }
  })
  anchorOffsets.set(tree, anchors)
  return anchors
}

/** An item as a step, or undefined when its first sentence holds what no title can show (an element, an expression, a line break). */
function stepOf(item: ListItem, source: string): Step | undefined {
  const paragraph = item.children[0]
  const itemEnd = item.position?.end.offset
  if (item.checked !== null && item.checked !== undefined) return undefined
  if (paragraph?.type !== 'paragraph' || itemEnd === undefined) return undefined
  const contentStart = paragraph.position?.start.offset
  const paragraphEnd = paragraph.position?.end.offset
  if (contentStart === undefined || paragraphEnd === undefined) return undefined
  const contentColumn = contentStart - (source.lastIndexOf('\n', contentStart - 1) + 1)

  let title = ''
  let titleEnd = paragraphEnd
  let faithful = true
  const label = labelOf(paragraph.children, source)
  if (label) {
    title = label.title
    titleEnd = label.end
    faithful = label.faithful
  }
  // Words in text nodes, and the formatted nodes, of the first sentence.
  let plainWords = ''
  const formatted: PhrasingContent[] = []
  for (const child of label ? [] : paragraph.children) {
    if (child.type === 'text') {
      const boundary = sentenceEnd(child.value)
      if (boundary !== undefined) {
        const offset = sourceOffset(child, boundary, source)
        if (offset === undefined) return undefined
        title += child.value.slice(0, boundary)
        plainWords += child.value.slice(0, boundary)
        titleEnd = offset
        break
      }
      plainWords += child.value
    } else if (!isTitleText(child)) {
      // An element, an expression, an image or a line break has no plain text to show.
      return undefined
    } else {
      formatted.push(child)
    }
    title += toString(child)
  }
  // Inline code, emphasis and links are lost in a plain attribute; a sentence that is bold as a whole
  // (`**Upload the files**`) is not, since a title shows as bold.
  const wholeBold = formatted.length === 1 && formatted[0] === paragraph.children[0] && isBoldWords(formatted[0]!) && !/[\p{L}\p{N}]/u.test(plainWords)
  if (formatted.length > 0 && !wholeBold) faithful = false
  title = title.replace(/\s+/g, ' ').trim()
  // The sentence's final `.`, or the `:` before the rest of the item, is not part of the title (no
  // step title ends with one); the `.` of `etc.` is.
  const dropped = /[.:]$/.test(title) && !endsWithAbbreviation(title) ? title.slice(-1) : ''
  title = title.slice(0, title.length - dropped.length).trimEnd()
  if (title === '' || unsafeTitle.test(title)) return undefined

  if (!faithful) {
    // The title is a plain copy of the first sentence; the body keeps the item as written.
    const [first = '', ...lines] = source.slice(contentStart, itemEnd).split(/\r?\n/)
    const body = dedent(lines, contentColumn)
    if (body === undefined) return undefined
    return {title, body: [first.trim(), ...body], text: compact(toString(item)), shapes: item.children.map(shape), faithful}
  }

  const [rest = '', ...lines] = source.slice(titleEnd, itemEnd).split(/\r?\n/)
  const body = dedent(lines, contentColumn)
  if (body === undefined) return undefined
  // What follows the title: the `.` or `:` it dropped aside, the item's text is all in the step.
  const itemText = compact(toString(item))
  if (!itemText.startsWith(compact(title) + dropped)) return undefined
  const text = itemText.slice(compact(title).length + dropped.length)
  const restOfParagraph = source.slice(titleEnd, paragraphEnd).trim() !== ''
  const shapes = [...(restOfParagraph ? ['paragraph'] : []), ...item.children.slice(1).map(shape)]
  return {title, body: rest.trim() === '' ? body : [rest.trim(), ...body], text, shapes, faithful}
}

/**
 * `**Publish**: Get a link…` or `**Publish:** Get a link…`: a bold label names the step; its colon is
 * dropped with the title's final `:`. `faithful` when the label is plain words in bold.
 */
function labelOf(children: readonly PhrasingContent[], source: string): {title: string; end: number; faithful: boolean} | undefined {
  const [lead, next] = children
  if (lead?.type !== 'strong' || !isTitleText(lead) || next?.type !== 'text') return undefined
  const faithful = isBoldWords(lead)
  const text = toString(lead).trim()
  const leadEnd = lead.position?.end.offset
  if (text.endsWith(':') && leadEnd !== undefined) return {title: text, end: leadEnd, faithful}
  const colon = /^[ \t]*:/.exec(next.value)
  const end = colon ? sourceOffset(next, colon[0].length, source) : undefined
  return end === undefined ? undefined : {title: text + ':', end, faithful}
}

/** Inline nodes whose words a plain title can show: text, code, emphasis and links. */
const titleTextTypes = new Set(['text', 'emphasis', 'strong', 'delete', 'inlineCode', 'link', 'linkReference'])

function isTitleText(node: PhrasingContent): boolean {
  return titleTextTypes.has(node.type) && (!('children' in node) || node.children.every(isTitleText))
}

/** `**Upload the files**`: bold plain text, which a step title shows as it is. */
function isBoldWords(node: PhrasingContent): boolean {
  return node.type === 'strong' && node.children.every((child) => child.type === 'text')
}

function endsWithAbbreviation(title: string): boolean {
  let start = title.length
  while (start > 0 && /[\p{L}.]/u.test(title[start - 1]!)) start--
  return abbreviation.has(title.slice(start).toLowerCase())
}

/** Index just after the `.`, `!` or `?` that ends the first sentence of `text`, if it ends there. */
function sentenceEnd(text: string): number | undefined {
  for (const match of text.matchAll(/[.!?](?=\s|$)/g)) {
    let wordStart = match.index
    while (wordStart > 0 && /[\p{L}.]/u.test(text[wordStart - 1]!)) wordStart--
    // `e.g.` and `etc.` do not end a sentence.
    if (match[0] === '.' && abbreviation.has(text.slice(wordStart, match.index + 1).toLowerCase())) continue
    return match.index + 1
  }
  return undefined
}

/** The page offset of `index` in a text node's value, which may differ from its source by escapes and indentation. */
function sourceOffset(node: Text, index: number, source: string): number | undefined {
  const start = node.position?.start.offset
  const end = node.position?.end.offset
  if (start === undefined || end === undefined) return undefined
  if (source.slice(start, end) === node.value) return start + index
  let cursor = start
  for (const character of node.value.slice(0, index)) {
    const found = source.indexOf(character, cursor)
    if (found === -1 || found >= end) return undefined
    cursor = found + character.length
  }
  return cursor
}

/**
 * Remove the indentation of an item's blocks: at least `columns` spaces (the marker's width), more
 * when every block sits deeper, as nested lists often do. Lines further left are lazy continuations
 * of a paragraph and lose all of theirs. Tabs are left to a human.
 */
function dedent(lines: readonly string[], columns: number): string[] | undefined {
  let strip = Infinity
  for (const line of lines) {
    if (line.trim() === '') continue
    const leading = /^[ \t]*/.exec(line)![0]
    if (leading.includes('\t')) return undefined
    if (leading.length >= columns) strip = Math.min(strip, leading.length)
  }
  if (strip === Infinity) strip = columns
  return lines.map((line) => (line.trim() === '' ? '' : line.slice(Math.min(strip, /^ */.exec(line)![0].length))))
}

function trimBlankLines(lines: readonly string[]): string[] {
  let from = 0
  let to = lines.length
  while (from < to && lines[from] === '') from++
  while (to > from && lines[to - 1] === '') to--
  return lines.slice(from, to)
}

/**
 * The replacement must parse as one `<Steps>` holding our steps, with the titles we wrote, and each
 * step must hold what its item held: the same text (white space and the title's formatting aside)
 * in blocks of the same kinds, so re-indenting changed no list, code block or paragraph.
 */
function parsesAsSteps(text: string, steps: readonly Step[], definitions: string): boolean {
  const file = new VFile({value: text + definitions, path: 'steps.mdx'})
  const tree = parsePage(file)
  const blocks = tree.children.filter((node) => node.type !== 'definition' && node.type !== 'footnoteDefinition')
  if (parseFailureOf(file) || blocks.length !== 1) return false
  const element = blocks[0]!
  if (!isJsxElement(element) || element.name !== 'Steps' || element.children.length !== steps.length) return false
  return element.children.every((child, index) => {
    const step = steps[index]!
    if (!isJsxElement(child) || child.name !== 'Step') return false
    if (!child.attributes.some((attribute) => attribute.type === 'mdxJsxAttribute' && attribute.name === 'title' && attribute.value === step.title)) return false
    return compact(toString(child)) === step.text && child.children.map(shape).join() === step.shapes.join()
  })
}

/**
 * The page's one-line link and footnote definitions, which `[text][ref]` in a step needs to parse as
 * it does in the page. A definition over several lines is left out: a step using it fails the check.
 */
const pageDefinitions = new WeakMap<Root, string>()

function definitionsOf(tree: Root, source: string): string {
  const known = pageDefinitions.get(tree)
  if (known !== undefined) return known
  let definitions = ''
  visit(tree, (node: Nodes) => {
    if (node.type !== 'definition' && node.type !== 'footnoteDefinition') return
    const text = source.slice(node.position?.start.offset ?? 0, node.position?.end.offset ?? 0)
    if (text !== '' && !text.includes('\n')) definitions += '\n\n' + text
  })
  pageDefinitions.set(tree, definitions)
  return definitions
}

function compact(text: string): string {
  return text.replace(/\s+/g, '')
}

/** A block's kind and the kinds of the blocks it holds: `list[listItem[paragraph,code]]`. */
function shape(node: Nodes): string {
  if (node.type === 'paragraph' || node.type === 'heading' || !('children' in node)) return node.type
  return node.type + '[' + (node.children as Nodes[]).map(shape).join(',') + ']'
}
