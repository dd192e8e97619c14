import type {Extension as FromMarkdownExtension} from 'mdast-util-from-markdown'
import type {Construct, Extension} from 'micromark-util-types'
import type {Plugin} from 'unified'
import {load, once} from '../shared/lazy.js'
import type {Root} from 'mdast'
import {EXIT, visit} from '../shared/walk.js'

/**
 * The GFM constructs a page can contain, judged from its text. GFM costs a third more than parsing
 * without it, most of it spent trying autolink literals at the start of every word (an e-mail
 * address can start at any letter). Each flag is a necessary condition: when it is false the
 * construct cannot occur, so leaving it out of the parser yields the very same tree.
 */
export interface GfmFeatures {
  /** `user@example.com`: the tokenizer's e-mail literal. */
  email: boolean
  /** `www.example.com`. */
  www: boolean
  /** `https://example.com`. */
  protocol: boolean
  /**
   * The tree transform that finds literals in text the tokenizer did not: text is decoded, so a
   * character reference or an escape can make one (`https&#58;//`).
   */
  literalTransform: boolean
  table: boolean
  strikethrough: boolean
  footnote: boolean
  taskList: boolean
  key: string
}

const emailShape = /[\w+.-]@[\w-]+\.[\w-]/
const wwwShape = /www\./i
const protocolShape = /https?:\/\//i

export function gfmFeatures(source: string): GfmFeatures {
  const email = emailShape.test(source)
  const www = wwwShape.test(source)
  const protocol = protocolShape.test(source)
  let literalTransform = email || www || protocol
  if (!literalTransform && (source.includes('&') || source.includes('\\'))) {
    const text = decode(source)
    literalTransform = emailShape.test(text) || wwwShape.test(text) || protocolShape.test(text)
  }
  const features = {
    email,
    www,
    protocol,
    literalTransform,
    table: source.includes('|'),
    strikethrough: source.includes('~'),
    footnote: source.includes('[^'),
    // `[ ]`, `[x]`, `[X]`, with a tab or a line ending allowed for the space.
    taskList: /\[[\sxX]\]/.test(source),
    key: ''
  }
  features.key = [email, www, protocol, literalTransform, features.table, features.strikethrough, features.footnote, features.taskList]
    .map((flag) => (flag ? '1' : '0'))
    .join('')
  return features
}

const namedReference = once(() => (load('decode-named-character-reference') as typeof import('decode-named-character-reference')).decodeNamedCharacterReference)

/** Escapes and character references decoded, as text nodes hold them (or more liberally). */
function decode(source: string): string {
  return source
    .replace(/\\([!-/:-@[-`{-~])/g, '$1')
    .replace(/&(?:#[xX]([\da-fA-F]{1,6})|#(\d{1,7})|([\dA-Za-z]{1,31}));/g, (whole, hex?: string, decimal?: string, name?: string) => {
      if (name) return namedReference()(name) || whole
      const code = hex ? Number.parseInt(hex, 16) : Number(decimal)
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '\uFFFD'
    })
}

const autolinkNames = {emailAutolink: 'email', wwwAutolink: 'www', protocolAutolink: 'protocol'} as const

/** The autolink literal tokenizer with only the constructs the page can contain. */
function autolinkConstructs(features: GfmFeatures): Extension {
  const text: Record<number, Construct[]> = {}
  const {gfmAutolinkLiteral} = load('micromark-extension-gfm-autolink-literal') as typeof import('micromark-extension-gfm-autolink-literal')
  for (const [code, value] of Object.entries(gfmAutolinkLiteral().text ?? {})) {
    const constructs = (Array.isArray(value) ? value : [value]) as Construct[]
    const kept = constructs.filter((construct) => {
      const flag = autolinkNames[construct.name as keyof typeof autolinkNames]
      return flag !== undefined && features[flag]
    })
    if (kept.length > 0) text[Number(code)] = kept
  }
  return {text}
}

/** What the literal transform's patterns need in a text node: a superset of what they match. */
const literalInText = /https?:\/\/|www\.|[\w+.-]@[\w-]+\.[\w-]/i

/**
 * The literal transform walks the whole tree with ancestors, on nearly every page, since nearly every
 * page has a URL somewhere (most often in a link destination, which is not text). Run it only when a
 * text node holds what its patterns need: when none does, it changes nothing.
 */
function autolinkFromMarkdown(): FromMarkdownExtension {
  const {gfmAutolinkLiteralFromMarkdown} = load('mdast-util-gfm-autolink-literal') as typeof import('mdast-util-gfm-autolink-literal')
  const extension = gfmAutolinkLiteralFromMarkdown()
  const transforms = (extension.transforms ?? []).map((transform) => (tree: Root) => {
    let found = false
    visit(tree, 'text', (node) => {
      if (!literalInText.test(node.value)) return undefined
      found = true
      return EXIT
    })
    return found ? transform(tree) : undefined
  })
  return {...extension, transforms}
}

/** The other GFM parts, in remark-gfm's order: the flag that allows each, its tokenizer, its tree builder. */
const parts = once((): Array<[keyof GfmFeatures & ('footnote' | 'strikethrough' | 'table' | 'taskList'), () => Extension, () => FromMarkdownExtension]> => {
  const footnote = load('micromark-extension-gfm-footnote') as typeof import('micromark-extension-gfm-footnote')
  const strikethrough = load('micromark-extension-gfm-strikethrough') as typeof import('micromark-extension-gfm-strikethrough')
  const table = load('micromark-extension-gfm-table') as typeof import('micromark-extension-gfm-table')
  const taskList = load('micromark-extension-gfm-task-list-item') as typeof import('micromark-extension-gfm-task-list-item')
  const footnoteTree = load('mdast-util-gfm-footnote') as typeof import('mdast-util-gfm-footnote')
  const strikethroughTree = load('mdast-util-gfm-strikethrough') as typeof import('mdast-util-gfm-strikethrough')
  const tableTree = load('mdast-util-gfm-table') as typeof import('mdast-util-gfm-table')
  const taskListTree = load('mdast-util-gfm-task-list-item') as typeof import('mdast-util-gfm-task-list-item')
  return [
    ['footnote', footnote.gfmFootnote, footnoteTree.gfmFootnoteFromMarkdown],
    ['strikethrough', () => strikethrough.gfmStrikethrough(), strikethroughTree.gfmStrikethroughFromMarkdown],
    ['table', table.gfmTable, tableTree.gfmTableFromMarkdown],
    ['taskList', taskList.gfmTaskListItem, taskListTree.gfmTaskListItemFromMarkdown]
  ]
})

/**
 * remark-gfm, limited to `features`: the same extensions in the same order, each added only when
 * the page can contain what it parses. With every feature on, this is remark-gfm's parser.
 */
export const remarkGfmFeatures: Plugin<[GfmFeatures]> = function (features) {
  const data = this.data() as {micromarkExtensions?: Extension[]; fromMarkdownExtensions?: Array<FromMarkdownExtension | FromMarkdownExtension[]>}
  const micromark: Extension[] = []
  const fromMarkdown: FromMarkdownExtension[] = []
  if (features.literalTransform) {
    if (features.email || features.www || features.protocol) micromark.push(autolinkConstructs(features))
    fromMarkdown.push(autolinkFromMarkdown())
  }
  for (const [feature, syntax, tree] of parts()) {
    if (!features[feature]) continue
    micromark.push(syntax())
    fromMarkdown.push(tree())
  }
  ;(data.micromarkExtensions ??= []).push(...micromark)
  ;(data.fromMarkdownExtensions ??= []).push(fromMarkdown)
}
