import type {Nodes, Root} from 'mdast'
import type {Plugin, Processor} from 'unified'
import type {VFile} from 'vfile'
import {unified} from 'unified'
import {load, once} from '../shared/lazy.js'
import {kindOf} from './page.js'
import {deepestNesting, estimateNesting, maxNesting, maxTreeDepth, mayNestTooDeep, tooDeepTree, type Nesting} from './nesting.js'
import {gfmFeatures, remarkGfmFeatures} from './gfm.js'
import {remarkHeadingId} from './heading-id.js'
import {defaultMaxFileSize} from '../shared/limits.js'
import {parseIncrementally} from './incremental-parse.js'
import {lineColumn} from '../shared/text.js'
import {absolutePath} from '../shared/relative-path.js'

/** Why a page's body could not be parsed, kept until the rules have run. */
export interface ParseFailure {
  reason: string
  line: number
  column: number
  /** The parser's own id for the failure (e.g. `unexpected-character`), kept for context. */
  cause: string | undefined
  /** True when the file is not text at all: nothing else is checked. */
  binary: boolean
}

const remark = once(() => ({
  parse: (load('remark-parse') as typeof import('remark-parse')).default,
  frontmatter: (load('remark-frontmatter') as typeof import('remark-frontmatter')).default,
  mdx: (load('remark-mdx') as typeof import('remark-mdx')).default,
  math: (load('remark-math') as typeof import('remark-math')).default
}))

const parsers = new Map<string, Processor<Root>>()

/** The full GFM parser, or one without the GFM constructs this page cannot contain: the same tree, sooner. */
function parserFor(source: string, markdownOnly: boolean): Processor<Root> {
  const features = gfmFeatures(source)
  // The platform parses `$…$` and `$$…$$` as math (remark-math): braces inside are LaTeX, not expressions.
  const math = source.includes('$')
  const key = (markdownOnly ? 'md:' : 'mdx:') + (math ? 'math:' : '') + features.key
  let parser = parsers.get(key)
  if (!parser) {
    const {parse, frontmatter, mdx, math: remarkMath} = remark()
    let base = unified().use(parse).use(frontmatter, ['yaml']).use(remarkGfmFeatures, features)
    if (math) base = base.use(remarkMath)
    const page = markdownOnly ? base : base.use(mdx)
    parser = page.use(remarkHeadingId, {mdx: !markdownOnly}).freeze() as unknown as Processor<Root>
    parsers.set(key, parser)
  }
  return parser
}
const frontMatterOnly = once(() => unified().use(remark().parse).use(remark().frontmatter, ['yaml']).freeze())

const parseFailures = new WeakMap<VFile, ParseFailure>()

export function parseFailureOf(file: VFile): ParseFailure | undefined {
  return parseFailures.get(file)
}

/**
 * Parse `.md` as Markdown (HTML comments are legal there) and everything else as MDX. A page that
 * fails to parse still yields a tree holding its front matter, so front matter is still checked.
 */
export function parsePage(file: VFile): Root {
  let source = String(file.value ?? '')
  // The parser skips a byte order mark; drop it here so every offset and column agrees with the
  // text rules see. `--fix` puts it back when it writes the file.
  if (source.charCodeAt(0) === 0xfeff) {
    source = source.slice(1)
    file.value = source
    file.data['bom'] = true
  }
  const binaryAt = findBinary(source)
  if (binaryAt !== -1) {
    parseFailures.set(file, {
      reason: 'Cannot lint binary file: found a NUL byte, expected UTF-8 text',
      ...lineColumn(source, binaryAt),
      cause: undefined,
      binary: true
    })
    return {type: 'root', children: []}
  }
  const markdownOnly = kindOf(file) === 'md'
  try {
    const tooDeepAt = provenTooDeep(source, markdownOnly)
    if (tooDeepAt) return tooDeep(file, source, tooDeepAt)
    // In the language server, only what an edit changed is parsed again (see incremental-parse.ts).
    const key = absolutePath(file)
    const tree = parseIncrementally(key, source, markdownOnly, (text) => parserFor(text, markdownOnly).parse(text === source ? file : text))
    if (source.charCodeAt(0) === 0xfeff) movePastMark(tree)
    const deepest = deepestNesting(tree)
    if (deepest.depth > maxNesting) return tooDeep(file, source, deepest)
    const deepTree = tooDeepTree(tree)
    return deepTree ? tooDeep(file, source, deepTree, 'elements and inline formatting nest more than ' + maxTreeDepth + ' levels deep, expected at most ' + maxTreeDepth) : tree
  } catch (error) {
    const cause = error as {reason?: string; message?: string; line?: number; column?: number; ruleId?: string; place?: unknown}
    const reason = String(cause.reason ?? cause.message ?? error).replace(/\s*\(see https?:\/\/\S+\)$/, '')
    // An unclosed element is reported without a place; its reason names the opening tag's range.
    const opening = /\((\d+):(\d+)-\d+:\d+\)$/.exec(reason)
    const line = cause.line ?? (opening ? Number(opening[1]) : 1)
    const column = cause.column ?? (opening ? Number(opening[2]) : 1)
    // The expression parser's own words name a library, not the writer's mistake: most often a brace
    // meant as text (`{"key": 1}` in a sentence).
    const said = cause.ruleId === 'acorn' && /^Could not parse expression with acorn/.test(reason)
      ? 'the text after `{` is not a JavaScript expression; to show a brace as text, write `\\{`'
      : reason
    parseFailures.set(file, {
      reason: 'Cannot parse MDX: ' + said,
      line,
      column: line === 1 && source.charCodeAt(0) === 0xfeff ? column + 1 : column,
      cause: cause.ruleId,
      binary: false
    })
    return frontMatterTree(source)
  }
}

function tooDeep(file: VFile, source: string, nesting: Nesting, what = 'lists and block quotes nest ' + nesting.depth + ' levels deep, expected at most ' + maxNesting): Root {
  parseFailures.set(file, {
    reason: 'Cannot parse page: ' + what,
    line: nesting.line,
    column: nesting.column,
    cause: 'too-deep',
    binary: false
  })
  return frontMatterTree(source)
}

/**
 * When the estimate says lists and block quotes nest past the limit, parse the page up to where
 * they do (cut to the limit): the nesting, when real, at a bounded cost. Undefined when it is not.
 */
function provenTooDeep(source: string, markdownOnly: boolean): Nesting | undefined {
  if (!mayNestTooDeep(source)) return undefined
  const estimate = estimateNesting(source, !markdownOnly)
  if (estimate.cut === undefined) return undefined
  for (const markdownParse of markdownOnly ? [true] : [false, true]) {
    const parser = parserFor(estimate.cut, markdownParse)
    let deepest: Nesting
    try {
      const tree = parser.parse(estimate.cut)
      if (source.charCodeAt(0) === 0xfeff) movePastMark(tree)
      deepest = deepestNesting(tree)
    } catch {
      // A component the cut leaves open: Markdown alone decides.
      continue
    }
    return deepest.depth > maxNesting ? {...deepest, depth: Math.max(deepest.depth, estimate.depth)} : undefined
  }
  return undefined
}

/**
 * The parser skips a leading byte order mark and counts positions from the character after it.
 * `parsePage` drops the file's own mark, but a second one (a file saved twice with one) is text the
 * rules see: move every position of the tree past it.
 */
function movePastMark(tree: Root): void {
  const moved = new Set<object>()
  const move = (point: {line: number; column: number; offset?: number | undefined} | undefined) => {
    if (!point || moved.has(point)) return
    moved.add(point)
    if (point.offset !== undefined) point.offset++
    if (point.line === 1) point.column++
  }
  const stack: Nodes[] = [tree]
  while (stack.length > 0) {
    const node = stack.pop()!
    move(node.position?.start)
    move(node.position?.end)
    for (const attribute of 'attributes' in node ? node.attributes : []) {
      move(attribute.position?.start)
      move(attribute.position?.end)
    }
    if ('children' in node) for (const child of node.children) stack.push(child)
  }
}

function frontMatterTree(source: string): Root {
  // The root spans the whole page so inline control does not treat the unparsed rest as a gap.
  const end = lineColumn(source, source.length)
  const position = {start: {line: 1, column: 1, offset: 0}, end: {...end, offset: source.length}}
  const mark = source.charCodeAt(0) === 0xfeff
  const match = /^---\r?\n[\s\S]*?\r?\n---[ \t]*(?:\r?\n|$)/.exec(mark ? source.slice(1) : source)
  if (!match) return {type: 'root', children: [], position}
  const tree = frontMatterOnly().parse(match[0])
  if (mark) movePastMark(tree)
  return {type: 'root', children: tree.children.filter((node) => node.type === 'yaml'), position}
}

/** Offset of the first NUL byte (no text file has one), else -1. */
function findBinary(source: string): number {
  return source.indexOf('\u0000')
}

export interface ParseOptions {
  /** Pages to leave alone (e.g. not changed since a git ref): not parsed, not linted, not reported. */
  skip?: ((file: VFile) => boolean) | undefined
  /** Larger pages get one message and are not parsed (`--max-file-size`, bytes). */
  maxFileSize?: number | undefined
  /** Another step parses the page (a worker thread): return an empty tree. */
  deferred?: boolean | undefined
}


/** `5 MB`, `1.5 MB`, `300 KB`, `120 bytes`: a limit set in bytes or kilobytes reads as what it is. */
function megabytes(bytes: number): string {
  if (bytes < 1024) return bytes + (bytes === 1 ? ' byte' : ' bytes')
  if (bytes < 1024 * 1024) return (bytes / 1024).toFixed(1).replace(/\.0$/, '') + ' KB'
  return (bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, '') + ' MB'
}

/** The unified parser plugin used by `createProcessor`. */
export const docsLintParse: Plugin<[ParseOptions?], string, Root> = function (this: Processor, options = {}) {
  const skip = options.skip
  const maxFileSize = options.maxFileSize ?? defaultMaxFileSize
  ;(this as unknown as Processor<Root>).parser = (_document, file) => {
    if (skip?.(file)) {
      file.data['docsLintSkipped'] = true
      return {type: 'root', children: []}
    }
    if (options.deferred) return {type: 'root', children: []}
    const value = file.value ?? ''
    // A string's UTF-8 size is at most three bytes per code unit: count only when it may matter.
    const size = typeof value === 'string' ? (value.length * 3 > maxFileSize ? Buffer.byteLength(value) : 0) : value.byteLength
    if (size > maxFileSize) {
      parseFailures.set(file, {
        reason: 'Skipped: the file is ' + megabytes(size) + ', larger than the ' + megabytes(maxFileSize) + ' limit (`--max-file-size`)',
        line: 1,
        column: 1,
        cause: 'file-too-large',
        binary: true
      })
      return {type: 'root', children: []}
    }
    return parsePage(file)
  }
}
