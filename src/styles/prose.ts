// The prose of a page as Vale's scopes name it, read from the MDX tree: headings, paragraphs (and their
// sentences), list items, table cells, blockquotes, alt text and component titles. Code, inline code,
// JSX expressions and attributes, import/export, URLs and front matter never become text a style reads.
import type {Nodes, Parents, PhrasingContent, Root, RootContent} from 'mdast'
import type {MdxJsxAttribute, MdxJsxFlowElement, MdxJsxTextElement} from 'mdast-util-mdx-jsx'
import {MappedText} from './text-map.js'

export interface ProseBlock {
  scope: string
  mapped: MappedText
}

export interface PageProse {
  /** Blocks in document order; a paragraph's `paragraph` and `sentence` blocks come from `sentencesOf`. */
  blocks: ProseBlock[]
  /** Body text (paragraphs, list items, blockquotes), for `summary` rules. */
  summary: MappedText
  /** Counts for `metric` rules: `heading.h2`, `list`, `blockquote`, `pre`, `paragraphs`, ... */
  metrics: Record<string, number>
  /** Source ranges that are not prose (code, expressions, tags, URLs, front matter): `raw` findings there are dropped. */
  nonProse: Array<[number, number]>
}

export interface ProseOptions {
  /** Inline scopes whose text is not linted (`IgnoredScopes`: `code`, `tt`, `a`, `strong`, ...). */
  ignoredScopes: ReadonlySet<string>
  /** Block scopes left out entirely (`SkippedScopes`: `pre`, `figure`, `blockquote`, `table`, ...). */
  skippedScopes: ReadonlySet<string>
  /** Source ranges (TokenIgnores, BlockIgnores) whose text is replaced by `*`s. */
  masked: ReadonlyArray<[number, number]>
}

type Context = 'body' | 'list' | 'blockquote'

/**
 * A table cell of words is prose; a cell that holds one token, a list of values (`125ms`, `[35ms, 40ms]`,
 * `a | b | c`), numbers or code is data a page shows, such as a query's output.
 */
function isDataCell(text: string): boolean {
  return !/\s/.test(text) || /^[[{(]/.test(text) || /^[-+\d.,:%*\s]+$/.test(text) || (text.match(/ \| /g)?.length ?? 0) >= 2
}

/** Components whose `title` is a heading a reader sees; other titles name a field or a file (`<Expandable title="apy properties">`). */
const titledComponents = new Set(['Accordion', 'Card', 'Step', 'Tab', 'Update'])

/**
 * Code written in a sentence without backticks: a dotted name (`logging.Handler`, `io.TextIO`), a name
 * with underscores (`flow_run_id`), a call (`serve()`, `url_for("run", id=1)`), a UUID, a path
 * (`/api/v1/me`, `./config`), an address (`10.x.x.x`). Its words are not the page's words. Each
 * space-separated token is classified on its own, with anchored patterns that read it once.
 */
const codeShapes = [
  /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+(?:\(\))?$/,
  /^[A-Za-z\d]+(?:_[A-Za-z\d]+)+$/,
  /^[A-Za-z_$][\w$]*\(\)$/,
  // A type with parameters: `list[orm_models.Deployment]`.
  /^[A-Za-z_$][\w$.]*\[[\w$.,[\]]*\]$/,
  /^(?:~|\.\.?)?\/[\w.~{}:/-]*$/,
  /^[\da-fA-F]+(?:-[\da-fA-F]+){2,}$/,
  /^\d{1,3}(?:\.(?:\d{1,3}|[xX*]{1,3})){2,}$/
]
/** What every code shape holds: a word without one of these is a word. */
const codeCharacters = /[._/()-]/

/** The start of a call with arguments: a name and its opening parenthesis (`url_for(`). */
const callStart = /^[A-Za-z_$][\w$.]*\(/

const closing = new Set('.,;:!?)"\'”’]')

function trimClosing(token: string): string {
  let end = token.length
  // A bracket the token opened itself stays (`serve()`, `list[int]`).
  while (end > 0 && closing.has(token[end - 1]!) && !(token[end - 1] === ')' && token.includes('(')) && !(token[end - 1] === ']' && token.includes('['))) end--
  return token.slice(0, end)
}

/** The ranges of code tokens in a text; a dotted abbreviation (`e.g`, `U.S`) is words. */
function codeTokens(text: string): Array<[number, number]> {
  if (!codeCharacters.test(text)) return []
  const ranges: Array<[number, number]> = []
  for (const match of text.matchAll(/\S+/g)) {
    if (!codeCharacters.test(match[0])) continue
    // Punctuation around a token (`(see`, `Handler,`) is the sentence's.
    const lead = /^[("'“‘[]*/.exec(match[0])![0].length
    const core = trimClosing(match[0].slice(lead))
    const start = match.index + lead
    const call = callStart.exec(core)
    if (call && !core.endsWith('()')) {
      const close = text.indexOf(')', start + call[0].length)
      const inside = close === -1 ? '' : text.slice(start + call[0].length, close)
      if (close !== -1 && close - start < 200 && !inside.includes('\n') && /[="',]/.test(inside)) ranges.push([start, close + 1])
      continue
    }
    if (core === '' || !codeShapes.some((shape) => shape.test(core))) continue
    if (/^[A-Za-z]/.test(core) && core.includes('.') && !core.includes('_') && core.replace(/\(\)$/, '').split('.').some((part) => part.length < 2)) continue
    ranges.push([start, start + core.length])
  }
  return ranges
}

/** Where in its block's text a link, bold or italic text lies: Vale lints it as a scope of its own too. */
interface InlinePart {
  scope: string
  start: number
  end: number
}

const proseAttributes: Record<string, string> = {title: 'text.attr.title', alt: 'text.attr.alt'}

/** HTML elements that are blocks: their text is a block of its own, of the scope Vale gives the tag. */
const htmlBlockScopes: Record<string, string> = {
  p: 'text', div: 'text', section: 'text', dd: 'text', dt: 'text', tr: 'text', table: 'text', thead: 'text', tbody: 'text', ul: 'text', ol: 'text',
  td: 'text.table.cell', th: 'text.table.header', caption: 'text.table.caption', figcaption: 'text.figure.caption', li: 'text.list', blockquote: 'text.blockquote',
  h1: 'text.heading.h1', h2: 'text.heading.h2', h3: 'text.heading.h3', h4: 'text.heading.h4', h5: 'text.heading.h5', h6: 'text.heading.h6'
}

/** Read the prose of a page's tree. */
export function proseOf(tree: Root, source: string, options: ProseOptions): PageProse {
  const page: PageProse = {blocks: [], summary: new MappedText(), metrics: {}, nonProse: []}
  const reader = new ProseReader(source, options, page)
  reader.flow(tree.children, 'body')
  page.metrics['paragraphs'] = page.metrics['paragraphs'] ?? 0
  return page
}

function rangeOf(node: {position?: {start: {offset?: number | undefined}; end: {offset?: number | undefined}} | undefined}): [number, number] | undefined {
  const start = node.position?.start.offset
  const end = node.position?.end.offset
  return start === undefined || end === undefined ? undefined : [start, end]
}

class ProseReader {
  constructor(
    private readonly source: string,
    private readonly options: ProseOptions,
    private readonly page: PageProse
  ) {}

  private count(metric: string): void {
    this.page.metrics[metric] = (this.page.metrics[metric] ?? 0) + 1
  }

  private notProse(node: Nodes): void {
    const range = rangeOf(node)
    if (range) this.page.nonProse.push(range)
  }

  private skipped(...scopes: string[]): boolean {
    return scopes.some((scope) => this.options.skippedScopes.has(scope))
  }

  flow(nodes: readonly RootContent[], context: Context): void {
    for (const node of nodes) this.flowNode(node, context)
  }

  private flowNode(node: RootContent, context: Context): void {
    switch (node.type) {
      case 'heading': {
        const tag = 'h' + node.depth
        if (this.skipped(tag, 'heading')) return
        this.count('heading.' + tag)
        this.block('text.heading.' + tag, node.children, false)
        return
      }
      case 'paragraph':
        this.paragraph(node.children, context)
        return
      case 'list':
        if (this.skipped('ul', 'ol', 'li', 'list')) return
        for (const item of node.children) this.flow(item.children, 'list')
        return
      case 'blockquote':
        if (this.skipped('blockquote') || this.options.ignoredScopes.has('blockquote')) return this.notProse(node)
        this.flow(node.children, 'blockquote')
        return
      case 'table':
        if (this.skipped('table') || this.isDataTable(node)) return this.notProse(node)
        node.children.forEach((row, index) => {
          const scope = index === 0 ? 'text.table.header' : 'text.table.cell'
          if (this.skipped(index === 0 ? 'th' : 'td')) return
          for (const cell of row.children) this.cell(scope, cell)
        })
        return
      case 'footnoteDefinition':
        this.flow(node.children, context)
        return
      case 'mdxJsxFlowElement':
        this.element(node, context)
        return
      case 'code':
        this.count('pre')
        this.notProse(node)
        return
      default:
        // Front matter, HTML, import/export, expressions, definitions, thematic breaks.
        this.notProse(node as Nodes)
    }
  }

  private element(node: MdxJsxFlowElement, context: Context): void {
    const name = node.name ?? ''
    if (/^[a-z]/.test(name) && this.skipped(name)) return this.notProse(node)
    this.tagRanges(node)
    this.attributes(node)
    this.flow(node.children as RootContent[], context)
  }

  /** The tags of a JSX element (its name and attributes), around its children, are not prose. */
  private tagRanges(node: MdxJsxFlowElement | MdxJsxTextElement): void {
    const range = rangeOf(node)
    if (!range) return
    const first = node.children[0] ? rangeOf(node.children[0]) : undefined
    const last = node.children.at(-1) ? rangeOf(node.children.at(-1)!) : undefined
    this.page.nonProse.push([range[0], first ? first[0] : range[1]])
    if (last) this.page.nonProse.push([last[1], range[1]])
  }

  /** `title` and `alt` attributes written as plain strings are prose a reader sees. */
  private attributes(node: MdxJsxFlowElement | MdxJsxTextElement): void {
    const start = node.position?.start.offset
    if (start === undefined) return
    for (const attribute of node.attributes) {
      if (attribute.type !== 'mdxJsxAttribute' || typeof attribute.value !== 'string') continue
      const scope = Object.hasOwn(proseAttributes, attribute.name) ? proseAttributes[attribute.name] : undefined
      if (!scope || (attribute.name === 'title' && !titledComponents.has(node.name ?? ''))) continue
      if (scope === 'text.attr.alt' && (this.skipped('alt') || this.options.ignoredScopes.has('img'))) continue
      const at = this.attributeValueOffset(attribute, start)
      if (at === undefined) continue
      const mapped = new MappedText()
      mapped.align(attribute.value, this.source.slice(at, at + attribute.value.length), at)
      this.push(scope, mapped)
    }
  }

  /** Where an attribute's quoted value starts in the source (micromark keeps no position for it). */
  private attributeValueOffset(attribute: MdxJsxAttribute, elementStart: number): number | undefined {
    const position = (attribute as {position?: {start: {offset?: number}; end: {offset?: number}}}).position
    const from = position?.start.offset ?? elementStart
    const to = position?.end.offset ?? this.source.indexOf('>', elementStart)
    const text = this.source.slice(from, to === -1 ? undefined : to)
    const match = new RegExp('\\b' + attribute.name + '\\s*=\\s*(["\'])').exec(text)
    return match ? from + match.index + match[0].length : undefined
  }

  /**
   * A table cell of words is prose; a cell that holds one token or a list of values (`125ms`,
   * `[35ms, 40ms]`, `true`) is data a page shows, such as a query's output, and is left alone.
   */
  private cell(scope: string, cell: Extract<RootContent, {type: 'tableCell'}>): void {
    if (isDataCell(this.cellText(cell))) return this.notProse(cell)
    this.block(scope, cell.children, false)
  }

  private cellText(cell: Extract<RootContent, {type: 'tableCell'}>): string {
    const mapped = new MappedText()
    for (const child of cell.children) this.inline(child, mapped, [])
    return mapped.text.trim()
  }

  /** A table whose columns are named in code (`_time`, `trace_id`) shows data: a query's output, a schema. */
  private isDataTable(table: Extract<RootContent, {type: 'table'}>): boolean {
    const header = table.children[0]?.children ?? []
    return header.some((cell) => {
      const text = this.cellText(cell)
      return text !== '' && /^[*\s]+$/.test(text)
    })
  }

  private paragraph(children: PhrasingContent[], context: Context): void {
    const scope = context === 'list' ? 'text.list' : context === 'blockquote' ? 'text.blockquote' : 'text'
    if (context === 'list') this.count('list')
    else if (context === 'blockquote') this.count('blockquote')
    else this.count('paragraphs')
    this.block(scope, children, true)
  }

  /** One block of inline content; body blocks also join the page's summary. */
  private block(scope: string, children: PhrasingContent[], body: boolean): void {
    const mapped = new MappedText()
    const inline: InlinePart[] = []
    for (const child of children) this.inline(child, mapped, inline)
    mapped.mask(this.options.masked)
    // Vale lints the text of links, bold and italics on their own too, before the block that holds them.
    for (const part of inline) this.push(part.scope, mapped.slice(part.start, part.end))
    this.push(scope, mapped)
    if (body && mapped.text.trim() !== '') {
      if (this.page.summary.text !== '') this.page.summary.stand('\n\n', mapped.segments[0]?.source ?? 0, mapped.segments[0]?.source ?? 0)
      this.page.summary.append(mapped)
    }
  }

  private push(scope: string, mapped: MappedText): void {
    if (mapped.text.trim() === '') return
    this.page.blocks.push({scope, mapped})
  }

  private stars(node: Nodes, mapped: MappedText, length?: number): void {
    const range = rangeOf(node)
    if (!range) return
    this.page.nonProse.push(range)
    mapped.stand('*'.repeat(Math.max(1, length ?? range[1] - range[0])), range[0], range[1])
  }

  private inline(node: PhrasingContent, mapped: MappedText, inline: InlinePart[]): void {
    const range = rangeOf(node)
    switch (node.type) {
      case 'text':
        if (range) {
          const from = mapped.text.length
          mapped.align(node.value, this.source.slice(range[0], range[1]), range[0])
          for (const [start, end] of codeTokens(node.value)) mapped.blank(from + start, from + end)
        }
        return
      case 'inlineCode':
        this.stars(node, mapped, node.value.length)
        return
      case 'break':
        if (range) mapped.stand('\n', range[0], range[1])
        return
      case 'emphasis':
      case 'strong':
      case 'delete': {
        const names = node.type === 'emphasis' ? ['em', 'i', 'emphasis'] : node.type === 'strong' ? ['strong', 'b'] : ['del', 's']
        if (names.some((name) => this.options.ignoredScopes.has(name))) return this.stars(node, mapped)
        this.children(node, node.type === 'delete' ? undefined : node.type, mapped, inline)
        return
      }
      case 'link':
      case 'linkReference':
        this.link(node, mapped, inline)
        return
      case 'image':
      case 'imageReference':
        this.image(node)
        return
      case 'mdxJsxTextElement':
        this.textElement(node, mapped, inline)
        return
      default:
        // Inline HTML, expressions, math, footnote references: not prose.
        if (node.type === 'mdxTextExpression' || (node.type as string) === 'inlineMath') return this.stars(node, mapped, 1)
        this.notProse(node)
    }
  }

  /** Inline children, with a block of their own for a scope that rules may target (`link`, `strong`, `emphasis`). */
  private children(node: Parents, scope: string | undefined, mapped: MappedText, inline: InlinePart[]): void {
    const start = mapped.text.length
    for (const child of node.children as PhrasingContent[]) this.inline(child, mapped, inline)
    if (scope && mapped.text.length > start) inline.push({scope, start, end: mapped.text.length})
  }

  private link(node: Extract<PhrasingContent, {type: 'link' | 'linkReference'}>, mapped: MappedText, inline: InlinePart[]): void {
    const text = node.children.map((child) => ('value' in child ? child.value : '')).join('')
    const url = node.type === 'link' ? node.url : ''
    // A bare URL (an autolink) is an address, not words.
    const bare = node.type === 'link' && (text === url || url.replace(/^mailto:/, '') === text || /^(?:https?:\/\/|www\.)/.test(text))
    if (bare || this.options.ignoredScopes.has('a') || this.options.ignoredScopes.has('link')) return this.stars(node, mapped, text.length)
    const range = rangeOf(node)
    const last = node.children.at(-1) ? rangeOf(node.children.at(-1)!) : undefined
    if (range && last) this.page.nonProse.push([last[1], range[1]])
    this.children(node, 'link', mapped, inline)
  }

  private image(node: Extract<PhrasingContent, {type: 'image' | 'imageReference'}>): void {
    this.notProse(node)
    const range = rangeOf(node)
    if (!range || !node.alt || this.skipped('alt') || this.options.ignoredScopes.has('img')) return
    const at = this.source.indexOf(node.alt, range[0])
    if (at === -1 || at >= range[1]) return
    const mapped = new MappedText()
    mapped.copy(node.alt, at)
    this.push('text.attr.alt', mapped)
  }

  private textElement(node: MdxJsxTextElement, mapped: MappedText, inline: InlinePart[]): void {
    const name = node.name ?? ''
    const lower = /^[a-z]/.test(name)
    if (lower && (this.options.ignoredScopes.has(name) || ['code', 'kbd', 'tt', 'pre', 'var', 'samp'].includes(name))) return this.stars(node, mapped)
    this.tagRanges(node)
    this.attributes(node)
    const range = rangeOf(node)
    // An HTML block written inline (`<td>`, `<li>`, `<p>` on one line) is a block of its own, as in Vale.
    const blockScope = lower ? htmlBlockScopes[name] : undefined
    if (blockScope !== undefined) {
      if (range) mapped.stand('\n', range[0], range[0])
      if (!this.skipped(name)) this.block(blockScope, node.children as PhrasingContent[], blockScope === 'text')
      return
    }
    if (node.children.length === 0) {
      // An empty element (`<br/>`, an icon) stands between the words around it.
      if (range) mapped.stand(name === 'br' ? '\n' : '*', range[0], range[1])
      return
    }
    const scope = name === 'a' ? 'link' : name === 'strong' || name === 'b' ? 'strong' : name === 'em' || name === 'i' ? 'emphasis' : undefined
    this.children(node as unknown as Parents, scope, mapped, inline)
  }
}
