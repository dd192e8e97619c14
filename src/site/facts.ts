import type {Definition, Heading, Html, Image, Link, Nodes, PhrasingContent, Root} from 'mdast'
import type {MdxJsxAttribute, MdxJsxFlowElement, MdxJsxTextElement} from 'mdast-util-mdx-jsx'
import type {MdxjsEsm} from 'mdast-util-mdxjs-esm'
import type {Position} from 'unist'
import type {VFile} from 'vfile'
import {VFileMessage} from 'vfile-message'
import {SOURCE} from '../contract.js'
import type {Page} from '../page/page.js'
import {anchorText, cleanId, componentId, customAnchor, headingSlug, paramFieldId, SlugCounter} from '../page/slug.js'
import {isUnchecked} from './url.js'

/**
 * An outgoing reference of a page to the site itself: a Markdown link or image, or a component's
 * `href`/`src`. External URLs are not kept: no site check reads them, and on changelog-heavy sites
 * they are most of the links, held for every page until the site checks run and in the cache.
 */
export interface LinkFact {
  url: string
  /** What holds it: `link`, `image`, `definition`, or `<Name href>` / `<Name src>`. */
  via: string
  /** The URL's own text in the page (the whole node when the URL cannot be located). */
  place: Position
  /** Site rules that inline comments turn off at this place (`docs-lint-disable broken-links`). */
  disabled?: string[]
}

/**
 * What the site checks need of one page, extracted while its tree is still alive so the tree can
 * be dropped. Kept in `file.data` under `siteFactsKey`; plain JSON, so it crosses worker threads
 * and the cache unchanged.
 */
export interface PageFacts {
  title: string | undefined
  description: string | undefined
  sidebarTitle: string | undefined
  /** Every anchor the rendered page has: heading slugs, component ids, explicit `id`s. */
  anchors: string[]
  links: LinkFact[]
  /** Module specifiers of `import` statements (snippets). */
  imports: string[]
  /** Headings are unknown when the page did not parse: anchors into it are not checked. */
  parseFailed: boolean
  /**
   * An API page (`openapi:`, `openapi-schema:` or `asyncapi:` front matter): the platform generates its
   * body and anchors.
   */
  generated: boolean
  /** Front matter keeps the page out of search and sidebars on purpose (`noindex`, `hidden`, a `redirect` stub). */
  hidden?: boolean
  /** What each site rule that declares `pageFacts` noted of the page, by rule id. */
  rules?: Record<string, RuleFact[]>
}

/**
 * One thing a site rule noted of a page while its tree was alive (see `pageFacts` in `src/rule.ts`),
 * at the place a finding about it would be reported; plain JSON, with the rule's own fields.
 */
export interface RuleFact {
  place: Position | undefined
  /** An inline comment turns the rule off at this place. */
  disabled?: true
}

export const siteFactsKey = 'docsLintSite'

/**
 * Where a page's data holds the hash of its site facts, once the site checks of a cached run computed
 * it (src/engine/site-checks.ts): kept with the page's result in the cache.
 */
export const siteFactsDigestKey = 'docsLintSiteDigest'

export function siteFactsOf(file: VFile): PageFacts | undefined {
  const facts = file.data[siteFactsKey]
  return facts instanceof StoredFacts ? facts.value : (facts as PageFacts | undefined)
}

/**
 * A page's facts as the results cache keeps them: their JSON, parsed only when the site checks run
 * again. A run the cache serves whole never parses them (they are half of the cache file), and their
 * digest is the hash of this very text (see `factsJson`).
 */
export class StoredFacts {
  private facts: PageFacts | undefined
  private parsed = false

  constructor(readonly json: string) {}

  /** The facts; undefined when their text is not JSON (the site checks then read the page itself). */
  get value(): PageFacts | undefined {
    if (!this.parsed) {
      this.parsed = true
      try {
        this.facts = JSON.parse(this.json) as PageFacts
      } catch {
        this.facts = undefined
      }
    }
    return this.facts
  }
}

/** The JSON of a page's facts: what the cache keeps and the site checks hash. */
export function factsJson(facts: unknown): string {
  return facts instanceof StoredFacts ? facts.json : JSON.stringify(facts)
}

/** Headings the platform gives an anchor (`h5`, `h6` get none). */
const anchoredDepths = new Set([1, 2, 3, 4])
/** Components that do not pass an `id` to the page, so `#id` does not reach them. */
const componentsWithoutId = new Set([
  'Info', 'Warning', 'Note', 'Tip', 'Check', 'Danger', 'Callout', 'AccordionGroup', 'Card', 'CardGroup', 'Tabs',
  'CodeGroup', 'Column', 'Columns', 'Expandable', 'Frame', 'Icon', 'Mermaid', 'Panel', 'RequestExample',
  'ResponseExample', 'Steps', 'Tooltip', 'Tree', 'Badge', 'Color'
])
const cleanedIdComponents = new Set(['Heading', 'Step', 'Update'])
const paramComponents = new Set(['ParamField', 'Param', 'ResponseField'])
const paramNameAttributes = ['query', 'path', 'body', 'header', 'name']
/** `href`/`src` attributes that are links, per element. */
const linkAttributes: Record<string, string> = {Card: 'href', a: 'href', img: 'src', video: 'src', source: 'src'}

export function collectSiteFacts(tree: Root, file: VFile, page: Page, parseFailed: boolean): PageFacts {
  const data = page.frontMatter().data ?? {}
  const text = (key: string) => (typeof data[key] === 'string' ? (data[key] as string) : undefined)
  const facts: PageFacts = {
    title: text('title'),
    description: text('description'),
    sidebarTitle: text('sidebarTitle'),
    anchors: [],
    links: [],
    imports: [],
    parseFailed,
    generated: text('openapi') !== undefined || text('openapi-schema') !== undefined || text('asyncapi') !== undefined
  }
  // A stub kept at an old address (`redirect: /new/place`) is reached by that address, not by the navigation.
  if (data['noindex'] === true || data['hidden'] === true || typeof data['redirect'] === 'string') facts.hidden = true
  const collector = new FactsCollector(facts, page)
  if (!parseFailed) collector.visit(tree)
  collector.addReferencedDefinitions()
  return facts
}

/** What one page holds for the site checks, noted node by node into `facts`. */
class FactsCollector {
  private readonly source: string
  // A definition (`[id]: /url`) is a link only where a reference uses it.
  private readonly definitions: Definition[] = []
  private readonly referenced = new Set<string>()
  private readonly counter = new SlugCounter()
  private readonly paramCounts = new Map<string, number>()
  private readonly stepTitleSizes = new Map<Nodes, string>()

  constructor(private readonly facts: PageFacts, private readonly page: Page) {
    this.source = page.source
  }

  addReferencedDefinitions(): void {
    for (const definition of this.definitions) if (this.referenced.has(definition.identifier)) this.addMarkdownLink(definition)
  }

  visit(node: Nodes): void {
    switch (node.type) {
      case 'heading':
        this.addHeading(node)
        break
      case 'link':
      case 'image':
        this.addMarkdownLink(node)
        return
      case 'definition':
        this.definitions.push(node)
        return
      case 'linkReference':
      case 'imageReference':
        this.referenced.add(node.identifier)
        break
      case 'mdxJsxFlowElement':
      case 'mdxJsxTextElement':
        this.addElement(node)
        break
      case 'mdxjsEsm':
        this.addImports(node)
        return
      case 'html':
        this.addHtml(node)
        return
      case 'code':
      case 'inlineCode':
      case 'yaml':
        return
    }
    if ('children' in node) for (const child of node.children) this.visit(child as Nodes)
  }

  private addHeading(node: Heading): void {
    if (!anchoredDepths.has(node.depth)) {
      // `##### Title {#id}` becomes `<h5 id="id">`: no slug of its own, but its ID is an anchor.
      if (node.data?.id !== undefined) this.facts.anchors.push(customAnchor(node.data.id))
      return
    }
    this.facts.anchors.push(this.counter.next(node.data?.id === undefined ? headingSlug(titleOf(node.children)) : customAnchor(node.data.id)))
  }

  private addMarkdownLink(node: Link | Image | Definition): void {
    if (!node.position || isUnchecked(node.url)) return
    this.facts.links.push({url: node.url, via: node.type, place: this.urlPlace(node.url, node.position)})
  }

  private addElement(node: MdxJsxFlowElement | MdxJsxTextElement): void {
    const name = node.name ?? ''
    const attribute = (key: string): MdxJsxAttribute | undefined =>
      node.attributes.find((item): item is MdxJsxAttribute => item.type === 'mdxJsxAttribute' && item.name === key)
    const stringValue = (key: string): string | undefined => {
      const value = attribute(key)?.value
      return typeof value === 'string' ? value : undefined
    }
    const linkKey = linkAttributes[name]
    if (linkKey) {
      const found = attribute(linkKey)
      if (found && typeof found.value === 'string' && found.position && !isUnchecked(found.value)) {
        this.facts.links.push({url: found.value, via: '<' + name + ' ' + linkKey + '>', place: this.urlPlace(found.value, found.position)})
      }
    }
    const id = stringValue('id')
    if (name === 'Steps' && stringValue('titleSize')) this.inheritTitleSize(node.children, stringValue('titleSize')!)
    if (/^h[1-4]$/.test(name) || name === 'Heading') {
      const title = titleOf(node.children as PhrasingContent[])
      this.facts.anchors.push(this.counter.next(id ? cleanId(id) || headingSlug(title) : headingSlug(title)))
      return
    }
    if (name === 'Update' && stringValue('label') !== undefined) {
      this.facts.anchors.push(this.counter.next(id ? cleanId(id) || headingSlug(stringValue('label')!) : headingSlug(stringValue('label')!)))
    } else if (name === 'Step') {
      this.addStep(node, id, stringValue('title'), stringValue('titleSize') ?? this.stepTitleSizes.get(node))
    } else if (paramComponents.has(name)) {
      const key = paramNameAttributes.find((candidate) => stringValue(candidate))
      if (key) {
        const paramName = stringValue(key)!
        const count = this.paramCounts.get(paramName) ?? 0
        this.paramCounts.set(paramName, count + 1)
        this.facts.anchors.push(paramFieldId(paramName, count))
      }
    } else if ((name === 'Accordion' || name === 'Tab') && !id && stringValue('title')) {
      this.facts.anchors.push(name === 'Tab' ? headingSlug(stringValue('title')!) : componentId(stringValue('title')!))
    } else if (id && !componentsWithoutId.has(name)) {
      this.facts.anchors.push(cleanedIdComponents.has(name) ? cleanId(id) : id)
    }
  }

  /**
   * A step's anchor: its title's slug only when the step shows its title as a heading (`titleSize` `h2`
   * or `h3`, its own or its `<Steps>`'s) and keeps its anchor link (no `noAnchor`); its `id` always.
   */
  private addStep(node: MdxJsxFlowElement | MdxJsxTextElement, id: string | undefined, title: string | undefined, titleSize: string | undefined): void {
    const noAnchor = node.attributes.some((item) => item.type === 'mdxJsxAttribute' && item.name === 'noAnchor' &&
      (item.value === null || item.value === undefined || item.value === 'true' || (typeof item.value === 'object' && item.value.value === 'true')))
    if ((titleSize === 'h2' || titleSize === 'h3') && !noAnchor && title?.trim()) {
      this.facts.anchors.push(this.counter.next(id ? cleanId(id) || headingSlug(title) : headingSlug(title)))
    } else if (id) {
      this.facts.anchors.push(cleanId(id))
    }
  }

  /** `<Steps titleSize>` passes its size to the steps directly inside it (through fragments). */
  private inheritTitleSize(children: readonly Nodes[], titleSize: string): void {
    for (const child of children) {
      if (child.type !== 'mdxJsxFlowElement') continue
      if (child.name === 'Step') this.stepTitleSizes.set(child, titleSize)
      else if (!child.name) this.inheritTitleSize(child.children, titleSize)
    }
  }

  private addImports(node: MdxjsEsm): void {
    const program = node.data?.estree
    if (!program) return
    for (const statement of program.body) {
      if (statement.type === 'ImportDeclaration' && typeof statement.source.value === 'string') {
        this.facts.imports.push(statement.source.value)
      }
    }
  }

  private addHtml(node: Html): void {
    // Markdown pages may hold raw HTML: `<a href>`, `<img src>`, `<video src>`.
    if (!node.position || !/<(a|img|video|source)\b/i.test(node.value)) return
    const start = node.position.start.offset ?? 0
    for (const {tag, attribute, url, offset} of htmlLinkAttributes(node.value)) {
      if (isUnchecked(url)) continue
      this.facts.links.push({
        url,
        via: '<' + tag.toLowerCase() + ' ' + attribute.toLowerCase() + '>',
        place: {start: this.page.toPoint(start + offset), end: this.page.toPoint(start + offset + url.length)}
      })
    }
  }

  private urlPlace(url: string, position: Position): Position {
    const from = position.start.offset
    const to = position.end.offset
    if (from === undefined || to === undefined || url === '') return position
    const at = this.source.lastIndexOf(url, to)
    if (at < from) return position
    return {start: this.page.toPoint(at), end: this.page.toPoint(at + url.length)}
  }
}

/** The text the platform slugs: text and inline code, nothing else. */
function titleOf(children: readonly PhrasingContent[] | readonly Nodes[]): string {
  return anchorText(children)!
}

/**
 * Quoted `href`/`src` attributes of `<a>`, `<img>`, `<video>` and `<source>` in raw HTML, with the
 * value's offset: what `/<(a|img|video|source)\b[^>]*?\s(href|src)\s*=\s*(["'])([^"']*)\3/gi` finds,
 * without its quadratic retries: when no such attribute comes before a tag's first `>`, none does for
 * a tag that starts before that `>` either, so the search goes on after it.
 */
function* htmlLinkAttributes(html: string): Generator<{tag: string; attribute: string; url: string; offset: number}> {
  const tagStart = /<(a|img|video|source)\b/gi
  const linkAttribute = /\s(href|src)\s*=\s*(["'])([^"']*)\2/iy
  let from = 0
  for (;;) {
    tagStart.lastIndex = from
    const tag = tagStart.exec(html)
    if (!tag) return
    const close = html.indexOf('>', tagStart.lastIndex)
    const limit = close === -1 ? html.length : close
    let attribute: RegExpExecArray | null = null
    for (let at = tagStart.lastIndex; at < limit && !attribute; at++) {
      linkAttribute.lastIndex = at
      attribute = linkAttribute.exec(html)
    }
    if (!attribute) {
      from = limit
      continue
    }
    from = linkAttribute.lastIndex
    const url = attribute[3]!
    yield {tag: tag[1]!, attribute: attribute[1]!, url, offset: from - 1 - url.length}
  }
}

/**
 * Record which links inline comments disable for `ruleIds`: the comment control only filters
 * messages present when it runs, so one probe message per link goes through it, and the probes
 * it removes mark their links. Pages without a docs-lint comment skip this.
 */
export function probeInlineControl(facts: PageFacts, file: VFile, ruleIds: readonly string[], control: () => void): void {
  const source = String(file.value ?? '')
  const ruleFacts = Object.entries(facts.rules ?? {})
  if (ruleIds.length === 0 || (facts.links.length === 0 && ruleFacts.length === 0) || !source.includes('docs-lint')) {
    control()
    return
  }
  const probes: Array<{message: VFileMessage; disable: () => void}> = []
  const probe = (place: Position | undefined, ruleId: string, disable: () => void) => {
    const message = new VFileMessage('probe', {place, ruleId, source: SOURCE})
    message.file = file.path
    probes.push({message, disable})
    file.messages.push(message)
  }
  for (const link of facts.links) {
    for (const ruleId of ruleIds) probe(link.place, ruleId, () => (link.disabled ??= []).push(ruleId))
  }
  // A rule's own facts are probed for that rule only.
  for (const [ruleId, noted] of ruleFacts) {
    for (const fact of noted) if (fact.place) probe(fact.place, ruleId, () => (fact.disabled = true))
  }
  control()
  const kept = new Set(file.messages)
  for (const {message, disable} of probes) {
    if (!kept.has(message)) disable()
  }
  const probeMessages = new Set(probes.map((probe) => probe.message))
  file.messages = file.messages.filter((message) => !probeMessages.has(message))
}
