/**
 * Anchor ids as the platform renders them. The platform does not use github-slugger: it lowercases
 * the title, joins words with `-`, percent-encodes it, slugifies that ASCII text (keeping `%` and
 * `_`), then decodes it and strips `?,;:!'"()[]{}` and emoji. The steps below reproduce that for
 * every input, because after percent-encoding only ASCII letters, digits and `-_.!~*'()%` remain.
 * Duplicates get `-2`, `-3`, … (GitHub would say `-1`, `-2`).
 */

import type {Nodes, PhrasingContent} from 'mdast'

const emoji = /\p{Emoji_Modifier}|\p{Emoji_Modifier_Base}|\p{Emoji_Presentation}|\p{Extended_Pictographic}|\u200D|\uFE0E|\uFE0F/gu

/** The slug of one heading title, before duplicates are numbered. */
export function headingSlug(title: string): string {
  // `encodeURIComponent` throws on half a surrogate pair, which a damaged page may hold.
  const wellFormed = title.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD')
  const encoded = encodeURIComponent(wellFormed.toLowerCase().trim().replace(/\s+/g, '-'))
  const percent = /%[\dA-F]{2}/.test(encoded)
  return cleanId(asciiSlug(encoded, percent ? /[^a-zA-Z\d%_]+/g : /[^a-z\d_]+/g))
}

/**
 * The text of a heading the platform slugs: text and inline code, nothing else. `edit` replaces part
 * of one text node first (offsets of `source`); undefined when that node's source is not its text.
 */
export function anchorText(children: readonly PhrasingContent[] | readonly Nodes[], edit?: {start: number; end: number; text: string; source: string}): string | undefined {
  let title = ''
  for (const child of children) {
    if (child.type === 'inlineCode') {
      title += child.value
    } else if (child.type === 'text') {
      const start = child.position?.start.offset
      const end = child.position?.end.offset
      if (edit && start !== undefined && end !== undefined && start <= edit.start && edit.end <= end) {
        if (edit.source.slice(start, end) !== child.value) return undefined
        title += child.value.slice(0, edit.start - start) + edit.text + child.value.slice(edit.end - start)
      } else {
        title += child.value
      }
    } else if ('children' in child) {
      const inner = anchorText(child.children as Nodes[], edit)
      if (inner === undefined) return undefined
      title += inner
    }
  }
  return title
}

/** The anchor of a heading with a custom ID (`## Title {#id}`): spaces become `-`, then cleaned as any id. */
export function customAnchor(id: string): string {
  return cleanId(id.trim().replace(/\s+/g, '-'))
}

/** Decode a percent-encoded id and drop the punctuation and emoji the platform drops. */
export function cleanId(id: string): string {
  let decoded = id
  try {
    decoded = decodeURIComponent(id.replace(/%(?![\dA-Fa-f]{2})/g, '%25'))
  } catch {
    // A malformed escape stays as written, as on the platform.
  }
  return decoded.replace(/[?,;:!'"()[\]{}]/g, '').replace(emoji, '')
}

/** `ParamField`, `Param` and `ResponseField` ids: `param-<name>`, decamelized, `_1`, `_2` for repeats. */
export function paramFieldId(name: string, count: number): string {
  const text = ('param-' + name + (count > 0 ? '_' + count : '')).replace(/&/g, ' and ')
  const plain = text.normalize('NFD').replace(/\p{Diacritic}/gu, '').normalize()
  return asciiSlug(decamelize(plain).toLowerCase(), /[^a-z\d]+/g)
}

/** `Accordion` ids from their title. */
export function componentId(title: string): string {
  const plain = title.replace(':', '-').replace(/&/g, ' and ').normalize('NFD').replace(/\p{Diacritic}/gu, '').normalize()
  return asciiSlug(plain.toLowerCase(), /[^a-z\d]+/g)
}

/** Numbers repeated slugs the way the platform's table of contents does. */
export class SlugCounter {
  private readonly seen = new Map<string, number>()

  next(slug: string): string {
    const count = this.seen.get(slug) ?? 0
    this.seen.set(slug, count + 1)
    if (count === 0) return slug
    let suffix = count + 1
    while (this.seen.has(slug + '-' + suffix)) suffix++
    const numbered = slug + '-' + suffix
    this.seen.set(numbered, 1)
    return numbered
  }
}

function asciiSlug(text: string, separators: RegExp): string {
  return text
    .replace(separators, '-')
    .replace(/\\/g, '')
    // Contractions and possessives: `what's` becomes `whats`, not `what-s`. Each run is tried from its
    // start only (the lookbehind): retrying from inside a long run would be quadratic, and finds nothing more.
    .replace(/(?<![a-zA-Z\d])([a-zA-Z\d]+)-([ts])(-|$)/g, '$1$2$3')
    .replace(/-{2,}/g, '-')
    .replace(/^-|-$/g, '')
}

// Each leading run is matched from its start only (the lookbehinds): a match from inside a run fails
// wherever one from its start fails, and retrying every position of a long run is quadratic.
function decamelize(text: string): string {
  return text
    .replace(/(?<![A-Z])([A-Z]{2,})(\d+)/g, '$1 $2')
    .replace(/(?<![a-z\d])([a-z\d]+)([A-Z]{2,})/g, '$1 $2')
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/(?<![A-Z])([A-Z]+)([A-Z][a-rt-z\d]+)/g, '$1 $2')
}
