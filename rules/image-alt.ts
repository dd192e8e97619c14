import type {Nodes} from 'mdast'
import type {Position} from 'unist'
import {visitParents} from '../src/shared/walk.js'
import {defineRule, type Suggestion, type TextEdit} from '../src/rule.js'
import type {Page} from '../src/page/page.js'
import {generatedNames, imageExtensions, placeholderAlts, slugName} from './image-alt.data.js'
import {htmlTagsIn, isJsxElement, jsxAttribute, openingTagPlace, type JsxElement} from './shared/jsx.js'

const fileName = new RegExp('^[^\\s]*\\.(?:' + imageExtensions.join('|') + ')$', 'i')
const placeholders = new Set(placeholderAlts)

/** Why `alt` describes nothing, or undefined when it may describe the image. */
export function altProblem(alt: string, src: string | undefined): string | undefined {
  const text = alt.trim()
  if (text === '') return 'empty'
  if (fileName.test(text) || generatedNames.some((pattern) => pattern.test(text))) return 'file name'
  // `dashboard-overview` for `/images/dashboard-overview.png`: the file's name, not a description.
  const stem = src ? fileStem(src) : undefined
  if (stem && !/\s/.test(text) && /[-_\d]/.test(text) && text.toLowerCase() === stem.toLowerCase()) return 'file name'
  if (placeholders.has(text.toLowerCase().replace(/\s+/g, ' '))) return 'placeholder'
  if (slugName.test(text)) return 'name'
  return undefined
}

/** `dashboard-overview` for `/images/dashboard-overview.png?raw=true`. */
function fileStem(src: string): string {
  const end = src.search(/[?#]/)
  const path = end === -1 ? src : src.slice(0, end)
  const base = path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1)
  const dot = base.lastIndexOf('.')
  return dot > 0 ? base.slice(0, dot) : base
}

const mediaTags = new Set(['img', 'iframe', 'video'])
const expectedAlt = 'a description of what the image shows'

export default defineRule<{videos: boolean}>({
  id: 'image-alt',
  severity: 'error',
  summary: 'Images have alt text that describes them, and iframes a `title` (videos a `title` or `aria-label`, with `videos`)',
  fixable: 'suggestion',
  conventions: [{id: 'alt-text', coverage: 'full'}],
  thirdParty: {markdownlint: ['MD045', 'no-alt-text']},
  options: {
    type: 'object',
    properties: {videos: {type: 'boolean'}},
    additionalProperties: false
  },
  defaults: {videos: false},
  create(options) {
    return function (tree, {page, report}) {
      /** `edit(text)` writes `text` as the image's alt text, when the image's source allows it. */
      function checkAlt(
        alt: string | undefined,
        src: string | undefined,
        place: Position | undefined,
        decorative: boolean,
        edit?: (text: string) => TextEdit | undefined,
        linkTarget?: string
      ): void {
        const suggestions = (): Suggestion[] | undefined => {
          const text = src === undefined ? undefined : altFromFileName(src)
          const edits = text === undefined ? undefined : edit?.(text)
          return edits ? [{description: 'Use `' + text + '` as alt text', edits: [edits]}] : undefined
        }
        if (alt === undefined) {
          report({message: 'Missing alt text on image, expected ' + expectedAlt, place, suggestions: suggestions()})
          return
        }
        const problem = altProblem(alt, src)
        if (problem === 'empty') {
          if (decorative) return
          report({message: 'Unexpected empty alt text on image, expected ' + expectedAlt, place, suggestions: suggestions()})
        } else if (problem === 'file name') {
          // An alt text that says too little still tells the reader an image is there: less than none.
          report({message: 'Unexpected file name `' + alt.trim() + '` as alt text, expected ' + expectedAlt, place, actual: alt, level: 'warn', suggestions: suggestions()})
        } else if (problem === 'name' && !(linkTarget !== undefined && namesTarget(alt, linkTarget))) {
          report({message: 'Unexpected name `' + alt.trim() + '` as alt text, expected ' + expectedAlt, place, actual: alt, level: 'warn', suggestions: suggestions()})
        } else if (problem === 'placeholder') {
          report({message: 'Unexpected placeholder `' + alt.trim() + '` as alt text, expected ' + expectedAlt, place, actual: alt, level: 'warn', suggestions: suggestions()})
        }
      }

      function checkTitle(tag: string, title: string | undefined, label: string | undefined, place: Position | undefined): void {
        if ((title !== undefined && title.trim() !== '') || (label !== undefined && label.trim() !== '')) return
        if (tag === 'iframe') {
          report({message: 'Missing `title` on `<iframe>`, expected a title that describes the embedded content', place, level: 'warn'})
        } else if (options.videos) {
          report({message: 'Missing `title` or `aria-label` on `<video>`, expected a description of the video', place, level: 'warn'})
        }
      }

      visitParents(tree, (node: Nodes, ancestors) => {
        if (node.type === 'image' || node.type === 'imageReference') {
          const src = node.type === 'image' ? node.url : undefined
          // Markdown has no way to mark an image as decorative: `![](src)` lacks its alt text.
          checkAlt(node.alt?.trim() ? node.alt : undefined, src, node.position, false, (text) => markdownAltEdit(node, page, text), linkTargetOf(ancestors as Nodes[]))
        } else if (isJsxElement(node) && node.name && mediaTags.has(node.name)) {
          const place = openingTagPlace(node, page)
          const known = (name: string): string | undefined => {
            const value = jsxAttribute(node, name)
            // An expression or a spread may set it: read it as set, with a value we cannot see.
            return value.kind === 'text' ? value.text : value.kind === 'unknown' ? 'unknown' : undefined
          }
          if (node.name === 'img') {
            const alt = jsxAttribute(node, 'alt')
            if (alt.kind === 'unknown') return
            const src = jsxAttribute(node, 'src')
            const text = alt.kind === 'text' ? alt.text : undefined
            checkAlt(text, src.kind === 'text' ? src.text : undefined, place, isDecorative(known), (value) => jsxAltEdit(node, page, value), linkTargetOf(ancestors as Nodes[]))
          } else {
            checkTitle(node.name, known('title'), known('aria-label') ?? known('aria-labelledby'), place)
          }
        } else if (node.type === 'html') {
          for (const tag of htmlTagsIn(node, page, mediaTags)) {
            const place = {start: page.toPoint(tag.start), end: page.toPoint(tag.end)}
            const known = (name: string): string | undefined => {
              const value = tag.attributes.get(name)
              return value === null ? '' : value
            }
            if (tag.name === 'img') {
              // Without attribute positions, only a missing `alt` can be written: right after `<img`.
              const edit = tag.attributes.has('alt') ? undefined : (text: string) => ({start: tag.start + 4, end: tag.start + 4, text: ' alt="' + text + '"'})
              checkAlt(known('alt'), known('src'), place, isDecorative(known), edit)
            } else {
              checkTitle(tag.name, known('title'), known('aria-label') ?? known('aria-labelledby'), place)
            }
          }
        }
      })
    }
  }
})

/** The address of the link an image sits in, Markdown or `<a href>`: the image then names where it leads. */
function linkTargetOf(ancestors: readonly Nodes[]): string | undefined {
  for (let index = ancestors.length - 1; index >= 0; index--) {
    const ancestor = ancestors[index]!
    if (ancestor.type === 'link') return ancestor.url
    if (isJsxElement(ancestor) && ancestor.name === 'a') {
      const href = jsxAttribute(ancestor, 'href')
      return href.kind === 'text' ? href.text : undefined
    }
  }
  return undefined
}

/**
 * A linked image's alt text says where the link leads (WCAG's functional images): `prefect-azure` on a
 * logo that links to `/integrations/prefect-azure` names its target, as a link's text would.
 */
function namesTarget(alt: string, target: string): boolean {
  const name = alt.trim().toLowerCase()
  const end = target.search(/[?#]/)
  const segments = (end === -1 ? target : target.slice(0, end)).toLowerCase().split('/').filter(Boolean)
  return segments.some((segment) => segment === name || segment.replace(/\.[a-z]+$/, '') === name)
}

/** `alt=""` is right for an image marked as decoration for assistive technology. */
function isDecorative(attribute: (name: string) => string | undefined): boolean {
  const role = attribute('role')?.toLowerCase()
  return role === 'presentation' || role === 'none' || attribute('aria-hidden')?.toLowerCase() === 'true'
}

/**
 * Alt text made from a descriptive file name: `/images/dashboard-overview.png` gives `Dashboard
 * overview`. None for names a tool gave the file, hashes, numbers, or words such as `image`.
 */
export function altFromFileName(src: string): string | undefined {
  let stem = fileStem(src)
  try {
    stem = decodeURIComponent(stem)
  } catch {
    // A malformed escape: use the name as written.
  }
  stem = stem.replace(/@\dx$/, '')
  if (altProblem(stem, undefined) === 'file name') return undefined
  const words = stem
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .split(/[-_.\s]+/)
    .filter(Boolean)
  // A hash or a long number says nothing; one word (`dashboard`) next to nothing.
  if (words.length < 2 || words.some((word) => !/^\p{L}+$|^\d{1,3}$/u.test(word))) return undefined
  if (!words.some((word) => /^\p{L}{3,}$/u.test(word))) return undefined
  const text = words.join(' ').toLowerCase()
  const alt = text[0]!.toUpperCase() + text.slice(1)
  return altProblem(alt, undefined) === undefined ? alt : undefined
}

/** Replace the alt text of `![alt](src)` when the source holds it as written (no escapes). */
function markdownAltEdit(node: Nodes, page: Page, text: string): TextEdit | undefined {
  const start = node.position?.start.offset
  if (start === undefined || (node.type !== 'image' && node.type !== 'imageReference')) return undefined
  const alt = node.alt ?? ''
  const from = start + 2
  if (!page.source.startsWith('![', start) || !page.source.startsWith(alt + ']', from)) return undefined
  return {start: from, end: from + alt.length, text}
}

/** Set `alt="…"` on an `<img>` element: replace a literal `alt`, or add one after the tag name. */
function jsxAltEdit(node: JsxElement, page: Page, text: string): TextEdit | undefined {
  const attribute = node.attributes.find((item) => item.type === 'mdxJsxAttribute' && item.name === 'alt')
  const value = 'alt="' + text + '"'
  if (attribute) {
    const start = attribute.position?.start.offset
    const end = attribute.position?.end.offset
    if (start === undefined || end === undefined || (attribute.value !== null && typeof attribute.value !== 'string')) return undefined
    return {start, end, text: value}
  }
  const start = node.position?.start.offset
  if (start === undefined || !page.source.startsWith('<img', start)) return undefined
  return {start: start + 4, end: start + 4, text: ' ' + value}
}
