import type {Nodes, Parents, PhrasingContent, Root} from 'mdast'
import type {Position} from 'unist'
import {toString} from 'mdast-util-to-string'
import {visit} from '../src/shared/walk.js'
import {defineRule, type Suggestion} from '../src/rule.js'
import type {Page} from '../src/page/page.js'
import {customAnchor, headingSlug, SlugCounter} from '../src/page/slug.js'
import {isJsxElement} from './shared/jsx.js'
import {wordListSchema} from './shared/options.js'
import {vagueLinkTexts} from './link-text.data.js'

interface Options {
  /** More link texts to report, e.g. `["docs"]`. */
  phrases: string[]
  /** Link texts of the built-in list to accept, e.g. `["learn more"]`. */
  allow: string[]
  /** Also report `[https://example.com](https://example.com)`: a URL written out as the link's text (off by default). */
  urls: boolean
}

/** Lower case, punctuation and symbols removed, single spaces: `Click here!` and `click  here` agree. */
export function normalizeLinkText(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
}

const bareUrl = /^(?:https?:\/\/|www\.)\S+$/i
const expected = 'text that says where the link goes'

export default defineRule<Options>({
  id: 'link-text',
  severity: 'warn',
  summary: 'Link text says where the link goes: no `click here`, `read more` or bare URLs',
  fixable: 'suggestion',
  conventions: [{id: 'link-text', coverage: 'full'}],
  thirdParty: {vale: true, markdownlint: ['MD059', 'descriptive-link-text']},
  options: {
    type: 'object',
    properties: {
      phrases: wordListSchema,
      allow: wordListSchema,
      urls: {type: 'boolean'}
    },
    additionalProperties: false
  },
  defaults: {phrases: [], allow: [], urls: false},
  create(options) {
    const allowed = new Set(options.allow.map(normalizeLinkText))
    const vague = new Set([...vagueLinkTexts, ...options.phrases.map(normalizeLinkText)].filter((text) => !allowed.has(text)))

    return function (tree, {page, report}) {
      let headings: Map<string, string> | undefined
      /** `hasImage`: an image gives the link its name; `image-alt` reports one without alt text. */
      const icons: Array<Position | undefined> = []
      function check(raw: string, hasImage: boolean, place: Position | undefined, written: boolean, link?: Link, iconOnly = false): void {
        const text = raw.replace(/\s+/g, ' ')
        const normalized = normalizeLinkText(text)
        const suggestions = (): Suggestion[] | undefined => {
          if (!link) return undefined
          headings ??= headingTexts(tree)
          return headingSuggestion(link, page, headings)
        }
        if (normalized === '') {
          if (hasImage || text.trim() !== '') return
          // A generator's icon-only links (`<a href><Icon icon="github" /></a>` beside each function) are
          // one fix in the generator: reported once on the page, at the first, with their count.
          if (iconOnly) {
            icons.push(place)
            return
          }
          report({message: 'Missing link text, expected ' + expected, place, suggestions: suggestions()})
        } else if (vague.has(normalized)) {
          report({
            message: 'Unexpected link text `' + text.trim() + '`, expected ' + expected,
            place,
            actual: text.trim(),
            suggestions: suggestions()
          })
        } else if (options.urls && written && bareUrl.test(text.trim())) {
          report({message: 'Unexpected URL `' + text.trim() + '` as link text, expected ' + expected, place, actual: text.trim()})
        }
      }

      visit(tree, (node: Nodes) => {
        if (node.type === 'link' || node.type === 'linkReference') {
          const start = node.position?.start.offset
          // Autolinks (`<https://…>`, or a URL in text with GFM) show the URL on purpose.
          const written = start !== undefined && page.source[start] === '['
          check(toString(node), containsImage(node), node.position, written, node.type === 'link' && written ? node : undefined, containsIcon(node))
        } else if (isJsxElement(node) && node.name === 'a') {
          if (!node.attributes.some((attribute) => attribute.type === 'mdxJsxExpressionAttribute' || attribute.name === 'href')) return
          // `aria-label` (or `title`) names a link whose content is an icon.
          if (node.attributes.some((attribute) => attribute.type === 'mdxJsxAttribute' && namingAttributes.has(attribute.name) && attribute.value !== '')) return
          check(toString(node), containsImage(node), node.position, true, undefined, containsIcon(node))
        } else if (page.kind === 'md' && 'children' in node) {
          checkHtmlLinks(node, check)
        }
      })
      if (icons.length > 0) {
        const count = icons.length > 1 ? ' (' + icons.length + ' on this page)' : ''
        report({message: 'Missing link text on an icon-only link' + count + ', expected an `aria-label` or ' + expected, place: icons[0]})
      }
    }
  }
})

const namingAttributes = new Set(['aria-label', 'title'])

/** A link whose content is an `<Icon>` component. */
function containsIcon(node: Nodes): boolean {
  let found = false
  visit(node, (child: Nodes) => {
    if (isJsxElement(child) && child.name === 'Icon') found = true
  })
  return found
}

function containsImage(node: Nodes): boolean {
  let found = false
  visit(node, (child: Nodes) => {
    if (child.type === 'image' || child.type === 'imageReference' || (isJsxElement(child) && child.name === 'img') || (child.type === 'html' && /<img\b/i.test(child.value))) {
      found = true
    }
  })
  return found
}

const htmlOpen = /^<a\s[^>]*\bhref\s*=/i
const htmlClose = /^<\/a\s*>$/i
// `href` is looked for in a lookahead: two `[^>]*` around it would be retried against each other (quadratic).
const htmlWhole = /^<a\s(?=[^>]*\bhref\s*=)[^>]*>([\s\S]*?)<\/a\s*>$/i

/** `<a href="…">text</a>` in a `.md` page: one `html` node, or an opening and closing one around text. */
function checkHtmlLinks(parent: Parents, check: (text: string, hasImage: boolean, place: Position | undefined, written: boolean) => void): void {
  const children = parent.children as Nodes[]
  for (let index = 0; index < children.length; index++) {
    const child = children[index]!
    if (child.type !== 'html') continue
    const whole = htmlWhole.exec(child.value.trim())
    if (whole) {
      check(whole[1]!.replace(/<[^<>]*>/g, ''), /<img\b/i.test(whole[1]!), child.position, true)
      continue
    }
    if (!htmlOpen.test(child.value) || child.value.trim().endsWith('/>')) continue
    const close = children.findIndex((sibling, at) => at > index && sibling.type === 'html' && htmlClose.test(sibling.value.trim()))
    if (close === -1) continue
    const inside = children.slice(index + 1, close) as PhrasingContent[]
    const text = inside.map((node) => toString(node)).join('')
    const hasImage = inside.some((node) => containsImage(node))
    const end = children[close]!.position?.end
    check(text, hasImage, child.position && end ? {start: child.position.start, end} : child.position, true)
    index = close
  }
}

type Link = Extract<Nodes, {type: 'link'}>

// What the heading text may hold to be written as link text as it is.
const plainLinkText = /^[\p{L}\p{N} ,.:;'’()?!/-]+$/u

/** The text of each heading of the page whose text can be link text, by its anchor. */
function headingTexts(tree: Root): Map<string, string> {
  const texts = new Map<string, string>()
  const counter = new SlugCounter()
  visit(tree, 'heading', (heading) => {
    const text = toString(heading).replace(/\s+/g, ' ').trim()
    const slug = counter.next(heading.data?.id === undefined ? headingSlug(text) : customAnchor(heading.data.id))
    if (plainLinkText.test(text)) texts.set(slug, text)
  })
  return texts
}

/** `[here](#rate-limits)`: the heading it points to names it; suggested, since the sentence may need rewording. */
function headingSuggestion(link: Link, page: Page, headings: ReadonlyMap<string, string>): Suggestion[] | undefined {
  if (!link.url.startsWith('#')) return undefined
  let anchor = link.url.slice(1)
  try {
    anchor = decodeURIComponent(anchor)
  } catch {
    // A malformed escape matches no heading as decoded; compare it as written.
  }
  const text = headings.get(anchor)
  const start = link.position?.start.offset
  if (text === undefined || start === undefined) return undefined
  const from = link.children[0]?.position?.start.offset ?? start + 1
  const to = link.children.at(-1)?.position?.end.offset ?? start + 1
  if (page.source[to] !== ']') return undefined
  return [{description: 'Use the heading `' + text + '` as link text', edits: [{start: from, end: to, text}]}]
}
