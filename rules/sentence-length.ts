import type {Nodes} from 'mdast'
import type {Sentence, SentenceContent} from 'nlcst'
import {toString} from 'nlcst-to-string'
import {defineRule} from '../src/rule.js'
import {prechecksOff} from '../src/page/page.js'
import {legalPaths} from './shared/pages.data.js'

interface Options {
  /** Most words a sentence may have. */
  max: number
  /** Most characters a sentence may have in languages written without spaces (Chinese, Japanese). */
  maxCharacters: number
}

/** Languages whose sentences are measured in characters: they put no spaces between words. */
const characterLanguages: ReadonlySet<string> = new Set(['zh', 'ja'])
// Han, kana and full-width punctuation: text written without spaces, where a line break ends a line, not a wrapped sentence.
const cjk = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303f\uff01-\uff60]/u
const cjkGlobal = new RegExp(cjk.source, 'gu')
// A run of Latin letters and digits, such as a node name (`InpaintModelConditioning`): one term, read as one word.
const latinRun = /[\p{Script=Latin}\p{N}_]+/gu
// `。`, `！`, `？` end a sentence with no space after them.
const fullWidthStop = /^[。！？]+$/
const terminalStop = /^[.!?…]+$/
// Words whose full stop does not end a sentence, even before a capital (“e.g. Python”).
const abbreviations: ReadonlySet<string> = new Set(['e.g.', 'i.e.', 'vs.', 'cf.', 'approx.', 'incl.', 'mr.', 'mrs.', 'ms.', 'dr.', 'fig.', 'no.', 'st.', 'u.s.'])

export default defineRule<Options>({
  id: 'sentence-length',
  severity: 'info',
  summary: 'Sentences in prose have at most `max` words (default 35), or `maxCharacters` characters in Chinese and Japanese (default 90)',
  fixable: false,
  conventions: [{id: 'concise-sentences', coverage: 'partial'}],
  thirdParty: {vale: true},
  prose: true,
  options: {
    type: 'object',
    properties: {
      max: {type: 'integer', minimum: 1},
      maxCharacters: {type: 'integer', minimum: 1}
    },
    additionalProperties: false
  },
  defaults: {max: 35, maxCharacters: 90},
  create({max, maxCharacters}) {
    return function (_tree, {page, report, file}) {
      // Privacy policies, terms and codes of conduct are worded by lawyers and maintainers, not by technical writers.
      if (legalPaths.test(file.path ?? '')) return
      const characterPage = characterLanguages.has(page.language)
      for (const block of page.proseBlocks()) {
        // Cheap pre-check: a block with at most `max` words (and `maxCharacters` characters) in all cannot hold a longer sentence.
        const words = upperWordCount(block.node, block.text)
        if (!prechecksOff && words <= max && (!characterPage || block.text.replace(/\s/g, '').length <= maxCharacters)) continue
        const images = imageRanges(block.node)
        for (const paragraph of block.prose().children) {
          if (paragraph.type !== 'ParagraphNode') continue
          for (const sentence of paragraph.children) {
            if (sentence.type !== 'SentenceNode') continue
            for (const part of sentencesOf(sentence, images, characterPage)) {
              // An English sentence left untranslated on a Chinese or Japanese page is read, and measured, in words.
              const byCharacters = characterPage && !mostlyLatin(part)
              const size = byCharacters ? characterCount(part) : wordCount(part)
              const limit = byCharacters ? maxCharacters : max
              const unit = byCharacters ? ' characters' : ' words'
              const first = part[0]?.position
              const last = part[part.length - 1]?.position
              if (size <= limit || !first || !last) continue
              report({
                message: 'Unexpected sentence of ' + size + unit + ', expected at most ' + limit,
                place: {start: first.start, end: last.end},
                actual: String(size),
                expected: String(limit)
              })
            }
          }
        }
      }
    }
  }
})

/**
 * At least as many words as retext finds in the block: white-space separated runs of its text, plus
 * one per hard break (the plain text drops the line ending of a break).
 */
function upperWordCount(node: Nodes, text: string): number {
  return text.split(/\s+/).filter(Boolean).length + breaks(node)
}

function breaks(node: Nodes): number {
  if (node.type === 'break') return 1
  return 'children' in node ? node.children.reduce((sum: number, child: Nodes) => sum + breaks(child), 0) : 0
}

/** Offsets of the images in a block: their alt text is no part of a sentence, and an image ends one. */
function imageRanges(node: Nodes): Array<[number, number]> {
  if (node.type === 'image' || node.type === 'imageReference') return [[node.position?.start.offset ?? 0, node.position?.end.offset ?? 0]]
  return 'children' in node ? node.children.flatMap((child: Nodes) => imageRanges(child)) : []
}

function inImage(node: SentenceContent, images: ReadonlyArray<[number, number]>): number {
  const offset = node.position?.start.offset
  return offset === undefined ? -1 : images.findIndex(([start, end]) => offset >= start && offset < end)
}

/**
 * The sentences of a SentenceNode, without white space at either end, and without the alt text of
 * images. retext runs some sentences together, so a sentence also ends:
 * - at `.`, `!` or `?` before a capital or inline code (“the **Group ID**. If”, “done. `npm ci` runs”);
 * - after a word that keeps its full stop, before a capital or inline code (“port 80. This”, “**ID**. If”),
 *   unless the word is an abbreviation such as `e.g.`;
 * - at `。`, `！` or `？`, which need no space after them;
 * - at an image, which stands between sentences (“select the category ![Tab](…) You should see”);
 * - with `lineBreaksEnd`, at a line break next to Chinese or Japanese text, whose writers do not wrap
 *   sentences: a line without a full stop, or a `模型：[file](…)` line, ends there.
 */
function sentencesOf(sentence: Sentence, images: ReadonlyArray<[number, number]>, lineBreaksEnd: boolean): SentenceContent[][] {
  const parts: SentenceContent[][] = []
  let part: SentenceContent[] = []
  let image = -1
  const children = sentence.children
  for (let index = 0; index < children.length; index++) {
    const node = children[index]!
    const inside = inImage(node, images)
    if (inside !== -1) {
      if (inside !== image) {
        parts.push(part)
        part = []
      }
      image = inside
      continue
    }
    image = -1
    if (lineBreaksEnd && node.type === 'WhiteSpaceNode' && toString(node).includes('\n') && besideCjk(children, index)) {
      parts.push(part)
      part = []
      continue
    }
    part.push(node)
    const next = children[index + 2]
    const value = toString(node)
    const nextStartsSentence =
      children[index + 1]?.type === 'WhiteSpaceNode' && (next?.type === 'SourceNode' || (next?.type === 'WordNode' && /^\p{Lu}/u.test(toString(next))))
    if (
      (node.type === 'PunctuationNode' && fullWidthStop.test(value)) ||
      (nextStartsSentence && node.type === 'PunctuationNode' && terminalStop.test(value)) ||
      (nextStartsSentence && node.type === 'WordNode' && /[.!?]$/.test(value) && !abbreviations.has(value.toLowerCase()))
    ) {
      parts.push(part)
      part = []
    }
  }
  parts.push(part)
  return parts.map(trimWhiteSpace).filter((nodes) => nodes.length > 0)
}

/** The text just before or just after the white space at `index` is Chinese or Japanese. */
function besideCjk(children: readonly SentenceContent[], index: number): boolean {
  const before = children[index - 1]
  const after = children[index + 1]
  return (before !== undefined && cjk.test(toString(before).slice(-1))) || (after !== undefined && cjk.test([...toString(after)][0] ?? ''))
}

/** More words of Latin letters than Chinese or Japanese characters: a sentence in English (or another Latin-script language). */
function mostlyLatin(nodes: SentenceContent[]): boolean {
  let latinWords = 0
  let characters = 0
  for (const node of nodes) {
    if (node.type !== 'WordNode' && node.type !== 'PunctuationNode' && node.type !== 'SymbolNode') continue
    const text = toString(node)
    characters += text.match(cjkGlobal)?.length ?? 0
    if (node.type === 'WordNode' && /\p{Script=Latin}/u.test(text)) latinWords++
  }
  return latinWords > characters
}

function trimWhiteSpace(nodes: SentenceContent[]): SentenceContent[] {
  let start = 0
  let end = nodes.length
  while (start < end && nodes[start]!.type === 'WhiteSpaceNode') start++
  while (end > start && nodes[end - 1]!.type === 'WhiteSpaceNode') end--
  return nodes.slice(start, end)
}

/**
 * Words as a reader counts them: runs of text between white space that hold a word or inline code.
 * `example.com/a/b`, `e.g.` and `` `npm ci` `` are one word each; a lone `—` or `&` is none.
 */
function wordCount(nodes: SentenceContent[]): number {
  let count = 0
  let inWord = false
  for (const node of nodes) {
    if (node.type === 'WhiteSpaceNode') {
      inWord = false
    } else if ((node.type === 'WordNode' || node.type === 'SourceNode') && !inWord) {
      inWord = true
      count++
    }
  }
  return count
}

/**
 * Characters as a reader of Chinese or Japanese counts them: all but white space. Inline code, and a run
 * of Latin letters and digits (`InpaintModelConditioning`, `SDXL`), count as one, like a word.
 */
function characterCount(nodes: SentenceContent[]): number {
  let count = 0
  for (const node of nodes) {
    if (node.type === 'SourceNode') count++
    else if (node.type !== 'WhiteSpaceNode') count += [...toString(node).replace(/\s/g, '').replace(latinRun, 'a')].length
  }
  return count
}
