import type {Nodes, PhrasingContent, Root} from 'mdast'
import type {Root as NlcstRoot, Sentence, SentenceContent} from 'nlcst'
import {SKIP, visit} from '../src/shared/walk.js'
import {defineRule, type Suggestion, type TextEdit} from '../src/rule.js'
import {anchorText, headingSlug} from '../src/page/slug.js'
import {isJsxElement} from './shared/jsx.js'
import {adverbLeads, defaultTerms, determiners, objectStarts, passiveLeads, verbFollowers, verbLeads} from './terminology.data.js'

interface Options {
  /** Preferred term -> variants to reject; a note in parentheses (`login (as a verb)`) limits a variant. */
  terms: Record<string, string[]>
}

interface Variant {
  preferred: string
  pattern: RegExp
  verbOnly: boolean
}

/** A sentence's prose as one string, with the page offset of every character (-1 for code). */
interface SentenceText {
  text: string
  offsets: number[]
}

export default defineRule<Options>({
  id: 'terminology',
  severity: 'info',
  summary: 'Prose uses the team’s preferred terms, not their rejected variants (`e-mail` -> `email`)',
  fixable: true,
  conventions: [{id: 'consistent-terminology', coverage: 'partial'}],
  thirdParty: {vale: true},
  prose: true,
  options: {
    type: 'object',
    properties: {
      terms: {
        type: 'object',
        additionalProperties: {type: 'array', items: {type: 'string', minLength: 1}, uniqueItems: true}
      }
    },
    additionalProperties: false
  },
  defaults: {terms: defaultTerms as Record<string, string[]>},
  create(options) {
    const variants: Variant[] = []
    for (const [preferred, list] of Object.entries(options.terms)) {
      for (const entry of list) {
        const [, written = entry, note = ''] = /^(.*?)\s*(?:\(([^)]*)\))?\s*$/.exec(entry) ?? []
        const variant = written.trim()
        if (variant === '') continue
        const source = variant.split(/\s+/).map(escape).join('\\s+')
        // A variant written with capitals (`Github`) is matched as written; a lower-case one in any case.
        const flags = /\p{Lu}/u.test(variant) ? 'gu' : 'giu'
        variants.push({
          preferred,
          pattern: new RegExp('(?<![\\p{L}\\p{N}_@/.\\-])' + source + '(?![\\p{L}\\p{N}_@/]|[.\\-][\\p{L}\\p{N}])', flags),
          verbOnly: /\bas a verb\b/i.test(note)
        })
      }
    }

    // Blocks whose text holds no variant at all are never given to retext.
    const mayMatch = (text: string) => variants.some(({pattern}) => {
      pattern.lastIndex = 0
      return pattern.test(text)
    })

    return function (tree, {page, report}) {
      if (variants.length === 0) return
      let headings: AnchoredHeading[] | undefined
      for (const block of page.proseBlocks()) {
        const inHeading = block.node.type === 'heading'
        if (mayMatch(block.text)) visit(block.prose() as NlcstRoot, 'SentenceNode', (sentence: Sentence) => checkSentence(sentence, inHeading))
      }

      function checkSentence(sentence: Sentence, inHeading: boolean): void {
        const {text, offsets} = sentenceText(sentence)
        const taken: Array<[number, number]> = []
        for (const {preferred, pattern, verbOnly} of variants) {
          pattern.lastIndex = 0
          let match: RegExpExecArray | null
          while ((match = pattern.exec(text))) {
            const from = match.index
            const to = from + match[0].length
            const written = match[0]
            if (written === preferred) continue
            if (verbOnly && !readsAsVerb(text, from, to, inHeading)) continue
            if (taken.some(([start, end]) => from < end && to > start)) continue
            const start = offsets[from]!
            const end = offsets[to - 1]! + 1
            if (start < 0 || end <= 0) continue
            taken.push([from, to])
            const replacement = matchCase(written, preferred)
            // `Login into` becomes `Log in to`, not `Log in into`.
            const into = / in$/.test(preferred) ? /^\s+into(?![\p{L}\p{N}])/u.exec(text.slice(to))?.[0] : undefined
            const fixEnd = into ? offsets[to + into.length - 1]! + 1 : end
            const fixText = into ? replacement + into.slice(0, -4) + matchCase(into.trim(), 'to') : replacement
            // Text split by markup (`**log**-in`) is reported but left for a person to rewrite.
            const contiguous = page.source.slice(start, fixEnd) === text.slice(from, to + (into?.length ?? 0))
            const edit = {start, end: fixEnd, text: fixText}
            // A fix that changes a heading's anchor would break every link to it, on this site and others.
            headings ??= anchoredHeadings(tree)
            const heading = contiguous ? headings.find((candidate) => candidate.start <= start && fixEnd <= candidate.end) : undefined
            const anchor = heading ? anchorChange(heading.node, edit, page.source) : undefined
            report({
              message: 'Unexpected `' + written + '`' + (verbOnly ? ' as a verb' : '') + ', expected `' + replacement + '`',
              place: {start: page.toPoint(start), end: page.toPoint(end)},
              actual: written,
              expected: replacement,
              fix: contiguous && !anchor ? [edit] : undefined,
              suggestions: anchor ? [headingSuggestion(written, replacement, anchor, edit)] : undefined
            })
          }
        }
      }
    }
  }
})

/** A heading the platform gives an anchor made from its text: no custom `{#id}` or `id` keeps it. */
interface AnchoredHeading {
  node: Nodes & {children: PhrasingContent[] | Nodes[]}
  start: number
  end: number
}

/** Headings of levels 1 to 4 (`##`, `<h2>`, `<Heading>`) whose anchor comes from their text. */
function anchoredHeadings(tree: Root): AnchoredHeading[] {
  const found: AnchoredHeading[] = []
  visit(tree, (node: Nodes) => {
    const start = node.position?.start.offset
    const end = node.position?.end.offset
    if (start === undefined || end === undefined) return undefined
    if (node.type === 'heading') {
      if (node.depth <= 4 && node.data?.id === undefined) found.push({node, start, end})
      return SKIP
    }
    if (isJsxElement(node) && node.name && (/^h[1-4]$/.test(node.name) || node.name === 'Heading')) {
      const id = node.attributes.find((attribute) => attribute.type === 'mdxJsxAttribute' && attribute.name === 'id')
      if (!id || typeof id.value !== 'string' || id.value === '') found.push({node, start, end})
      return SKIP
    }
    return undefined
  })
  return found
}

/** The heading's anchor before and after `edit`, when the edit changes it. */
function anchorChange(heading: AnchoredHeading['node'], edit: TextEdit, source: string): {from: string; to: string | undefined} | undefined {
  const from = headingSlug(anchorText(heading.children)!)
  const after = anchorText(heading.children, {...edit, source})
  const to = after === undefined ? undefined : headingSlug(after)
  return to === from ? undefined : {from, to}
}

function headingSuggestion(written: string, replacement: string, anchor: {from: string; to: string | undefined}, edit: TextEdit): Suggestion {
  const change = anchor.to === undefined ? 'changes the heading\'s anchor `#' + anchor.from + '`' : 'changes the heading\'s anchor from `#' + anchor.from + '` to `#' + anchor.to + '`'
  return {
    description: 'Replace `' + written + '` with `' + replacement + '` (' + change + ': update the links to it, or add `{#' + anchor.from + '}` to keep it)',
    edits: [edit]
  }
}

function sentenceText(sentence: Sentence): SentenceText {
  let text = ''
  const offsets: number[] = []
  const add = (node: SentenceContent | Sentence['children'][number]): void => {
    if (node.type === 'SourceNode') {
      // Inline code: a barrier no term can match across.
      text += '\u0000'
      offsets.push(-1)
    } else if ('children' in node) {
      for (const child of node.children) add(child as SentenceContent)
    } else {
      const start = node.position?.start.offset
      for (let index = 0; index < node.value.length; index++) {
        text += node.value[index]
        offsets.push(start === undefined ? -1 : start + index)
      }
    }
  }
  for (const child of sentence.children) add(child)
  return {text, offsets}
}

/**
 * Whether the word at `from`–`to` reads as a verb, judged from its neighbours (there is no
 * part-of-speech tagger): after a modal or a pronoun (“you can login”); after `to` when a word follows
 * (“to setup the app”); after `is`, `get` and the like, or an adverb (“then”, “just”), before a verb
 * phrase (“is setup with”, “then setup your profile”); after `and` or `or` before `to` or an object
 * (“Sign up or login to”, “and setup your profile”); or first in a sentence or clause as an imperative
 * (“Setup the project”, “First, login to the dashboard”). A determiner or a preposition before it
 * makes it a noun (“the login”, “during setup”), as does the end of the sentence after an adverb (“not
 * just setup.”). A heading that starts with it and goes on with `with` or `via` names a topic, as a
 * noun does (“Setup with Docker”, beside “Installation”); one that goes on with `to` or an object
 * (“Login to the dashboard”, “Setup a project”) is an instruction. Written with a capital inside a
 * sentence and followed by another capitalised word, it is part of a name (“go to **Setup Menu**”).
 */
function readsAsVerb(text: string, from: number, to: number, inHeading: boolean): boolean {
  const before = text.slice(0, from)
  const after = text.slice(to)
  // From the start of a word only (the lookbehind): retrying from inside each word would be quadratic.
  const previous = /(?<![\p{L}'’])([\p{L}'’]+)\s+$/u.exec(before)?.[1]?.toLowerCase()
  const following = /^\s+([\p{L}'’]+)/u.exec(after)?.[1]
  const next = following?.toLowerCase()
  const objectFollows = next !== undefined && objectStarts.has(next)
  const phraseFollows = next !== undefined && (verbFollowers.has(next) || objectFollows)
  // First in the sentence or the clause (“First, login to …”).
  if (previous === undefined) {
    if (!(/^[\s\p{P}\p{S}]*$/u.test(before) || /[,;:]\s*$/.test(before))) return false
    return inHeading && /^[\s\p{P}\p{S}]*$/u.test(before) ? next === 'to' || next === 'into' || objectFollows : phraseFollows
  }
  if (/^\p{Lu}/u.test(text.slice(from, to)) && following !== undefined && /^\p{Lu}/u.test(following)) return false
  if (determiners.has(previous)) return false
  // `to` is also a preposition (“related to setup, …”): an infinitive goes on with a word.
  if (previous === 'to') return next !== undefined
  if (verbLeads.has(previous) || /n['’]t$/.test(previous)) return true
  if (passiveLeads.has(previous) || adverbLeads.has(previous)) return phraseFollows
  if (previous === 'and' || previous === 'or') return next !== undefined && (next === 'to' || next === 'into' || objectStarts.has(next))
  return false
}

/** The preferred term in the case of the text it replaces: `E-mail` -> `Email`, `E-MAIL` -> `EMAIL`. */
function matchCase(written: string, preferred: string): string {
  // A preferred term with its own capitals (`GitHub`) is a name: it is always written that way.
  if (/\p{Lu}/u.test(preferred)) return preferred
  const letters = written.replace(/[^\p{L}]/gu, '')
  if (letters.length > 1 && letters === letters.toUpperCase()) return preferred.toUpperCase()
  if (/^\p{Lu}/u.test(written)) return preferred.charAt(0).toUpperCase() + preferred.slice(1)
  return preferred
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
