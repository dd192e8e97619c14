// acronyms: an acronym a reader may not know is spelled out on the page that uses it (“OpenTelemetry
// Protocol (OTLP)”), at least once. Acronyms every technical reader knows (API, HTTP, JSON), the team's
// own (`known`) and English words written in capitals (NOTE, IMPORTANT) need no meaning. Only prose is read: never code, JSX attributes, URLs, tables or headings.
import type {Nodes, Root} from 'mdast'
import type {Word} from 'nlcst'
import {toString as nlcstToString} from 'nlcst-to-string'
import {defineRule, ruleFactsOf, type RuleFact} from '../src/rule.js'
import type {Page} from '../src/page.js'
import {SKIP, visit} from '../src/walk.js'
import {load, once} from '../src/lazy.js'
import {cspellAcronyms, cspellTerms} from '../src/styles/checks/spelling-dictionary.js'
import {sentencesWithQuotes} from './shared/prose.js'
import {commonAcronyms, definingComponents, definingWords, minorWords} from './acronyms.data.js'

interface Options {
  /** Acronyms the site's readers know (the product's own, the field's): never asked to be spelled out. */
  known: string[]
}

/**
 * Three to six capitals (`OTLP`), and a plural `s`. A word with digits (`T5XXL`, `ESP32`, `SDXL1`) is a
 * model's, a chip's or a version's name.
 */
const acronymWord = /^([A-Z]{3,6})(s?)$/u
const romanNumeral = /^[IVXLCDM]+$/u
/** Everyday English words (wink-lexicon), which a page may write in capitals for emphasis. */
const lexicon = once(() => load('wink-lexicon/src/lexicon.js') as Record<string, unknown>)

/**
 * The acronyms of cspell's lists of software, networking, Python, cryptocurrency and company terms
 * (`CUDA`, `USDC`), which the field's readers know, and its terms in lower case, which a
 * page may write in capitals (`kwargs`, `ngrok`). The playground, which reads no files, goes without them.
 */
const fieldTerms = once((): {acronyms: ReadonlySet<string>; word: (lower: string) => boolean} => {
  try {
    const terms = cspellTerms()
    return {acronyms: cspellAcronyms(), word: (lower) => terms.correct(lower)}
  } catch {
    return {acronyms: new Set(), word: () => false}
  }
})

/** An acronym a page uses: where first, and whether the page gives its meaning. */
interface AcronymFact extends RuleFact {
  acronym: string
  defined: boolean
}

const id = 'acronyms'
/** Pages of a run that use an acronym, from which on it is the site's own vocabulary. */
const sitePages = 3

export default defineRule<Options>({
  id,
  severity: 'info',
  summary: 'An acronym the reader may not know is spelled out on the page that uses it (“OpenTelemetry Protocol (OTLP)”)',
  fixable: false,
  conventions: [{id: 'define-terms', coverage: 'partial'}],
  prose: true,
  languages: ['en'],
  options: {
    type: 'object',
    properties: {known: {type: 'array', items: {type: 'string', minLength: 1}, uniqueItems: true}},
    additionalProperties: false
  },
  defaults: {known: []},
  pageFacts(options) {
    const known = new Set([...commonAcronyms, ...options.known].map((acronym) => acronym.toUpperCase()))
    return (tree, page) => (page.language === 'en' && !page.isSnippet ? acronymsOf(tree, page, known) : undefined)
  },
  site() {
    return function (site, context) {
      const facts = site.linted.map((page) => ({page, facts: ruleFactsOf<AcronymFact>(page, id)}))
      // Pages that use each acronym: one on many pages is the site's vocabulary, defined where it begins.
      const pages = new Map<string, number>()
      for (const {facts: used} of facts) for (const fact of used) pages.set(fact.acronym, (pages.get(fact.acronym) ?? 0) + 1)
      for (const {page, facts: used} of facts) {
        for (const fact of used) {
          if (fact.defined || fact.disabled || (pages.get(fact.acronym) ?? 0) >= sitePages) continue
          context.report({
            file: page.file!,
            message: 'Unexpected acronym `' + fact.acronym + '` not spelled out on the page, expected its meaning where it is first used',
            place: fact.place,
            actual: fact.acronym
          })
        }
      }
    }
  }
})

/** The acronyms a page's prose uses, each at its first use, and whether the page gives its meaning. */
function acronymsOf(tree: Root, page: Page, known: ReadonlySet<string>): AcronymFact[] | undefined {
  const uses = new Map<string, Word>()
  for (const block of page.proseBlocks()) {
    if (block.node.type !== 'paragraph' || !/[A-Z]{3}/.test(block.text)) continue
    for (const {sentence, quoted} of sentencesWithQuotes(block.prose())) {
      // A sentence in capitals is shouted, not abbreviated.
      const letters = nlcstToString(sentence).replace(/[^\p{L}]/gu, '')
      if (letters.length > 12 && letters === letters.toUpperCase()) continue
      for (const word of sentence.children) {
        if (word.type !== 'WordNode' || quoted.has(word)) continue
        const acronym = acronymOf(nlcstToString(word), known)
        if (acronym && !uses.has(acronym)) uses.set(acronym, word)
      }
    }
  }
  if (uses.size === 0) return undefined
  // The page's subject, named in its title (“MCP servers”), is what its reader came for.
  const data = page.frontMatter().data ?? {}
  const title = [data['title'], data['sidebarTitle']].filter((value) => typeof value === 'string').join(' ')
  const text = pageText(tree)
  return [...uses].map(([acronym, word]) => ({
    acronym,
    defined: wordPattern(acronym).test(title) || definedIn(text, acronym) || namesFormat(page.source, acronym),
    place: {start: word.position!.start, end: word.position!.end}
  }))
}

/** The acronym a word is (`OTLP` for `OTLPs`), or undefined for a known one, an English word or a name. */
function acronymOf(written: string, known: ReadonlySet<string>): string | undefined {
  const match = acronymWord.exec(written)
  if (!match) return undefined
  const acronym = match[1]!
  if (known.has(acronym) || romanNumeral.test(acronym)) return undefined
  // An English word or a term written in capitals (NOTE, KWARGS, NGROK), or an acronym of the field's word lists.
  const lower = acronym.toLowerCase()
  if (Object.hasOwn(lexicon(), lower) || fieldTerms().acronyms.has(acronym) || fieldTerms().word(lower)) return undefined
  return acronym
}

/**
 * The page's words where a meaning may be given: paragraphs, headings, list items and table cells,
 * with the attributes of components that define their text (`<Tooltip tip>`), never code.
 */
function pageText(tree: Root): string {
  const parts: string[] = []
  visit(tree, (node: Nodes) => {
    if (node.type === 'code' || node.type === 'inlineCode' || node.type === 'mdxjsEsm' || node.type === 'mdxFlowExpression') return SKIP
    if ((node.type === 'mdxJsxTextElement' || node.type === 'mdxJsxFlowElement') && definingComponents.has(node.name ?? '')) {
      const inner: string[] = []
      visit(node, (child: Nodes) => {
        if (child.type === 'text') inner.push(child.value)
      })
      // The element's own text, said to be defined: “OTLP (OTLP)”.
      const acronym = inner.join(' ').trim()
      parts.push(acronym + ' (' + acronym + ')')
      return SKIP
    }
    if (node.type === 'text') parts.push(node.value)
    else if (node.type === 'paragraph' || node.type === 'heading' || node.type === 'tableCell' || node.type === 'listItem') parts.push('\n')
    return undefined
  })
  return parts.join('').replace(/\s+/g, ' ')
}

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** The acronym as a word, with its plural. */
const wordPattern = (acronym: string, flags = 'u'): RegExp => new RegExp('(?<![\\p{L}\\d])' + escape(acronym) + 's?(?![\\p{L}\\d])', flags)

/** Whether the acronym is a file format the page names by its extension (`.docx`) or as a format (“MKV files”). */
function namesFormat(source: string, acronym: string): boolean {
  const extension = new RegExp('\\.' + escape(acronym.toLowerCase()) + '(?![\\p{L}\\d])', 'u')
  const format = new RegExp(escape(acronym) + '\\s+(?:files?|formats?|images?|videos?|audio|documents?|extensions?)\\b', 'u')
  return extension.test(source) || format.test(source)
}

/**
 * Whether the page gives the acronym a meaning: in parentheses after its words (“Bring Your Own Cloud
 * (BYOC)”), followed by its words or a definition (“BYOC (Bring Your Own Cloud)”, “RTVI stands for”,
 * “RTVI is a protocol”), or written out anywhere by words whose initials spell it.
 */
function definedIn(text: string, acronym: string): boolean {
  for (const match of text.matchAll(wordPattern(acronym, 'gu'))) {
    const before = text.slice(Math.max(0, match.index - 1), match.index)
    const after = text.slice(match.index + match[0].length)
    if (before === '(' && /^\s*\)/.test(after) && match.index > 2) return true
    if (definingWords.test(after)) return true
  }
  return spelledByInitials(text, acronym)
}

/** Whether words of the text, in a row, begin with the acronym's letters (“Role-Based Access Control”). */
function spelledByInitials(text: string, acronym: string): boolean {
  const words = text.split(/[^\p{L}\d]+/u).filter((word) => word !== '')
  const letters = acronym.toLowerCase()
  for (let start = 0; start < words.length; start++) {
    let at = 0
    for (let index = start; index < words.length && at < letters.length; index++) {
      const word = words[index]!
      // The acronym itself (or another one) spells nothing out.
      if (word === word.toUpperCase() && word.length > 1) break
      if (word.toLowerCase()[0] === letters[at]) {
        at++
        // A word in camel case may give two letters (“OpenTelemetry” for `OT`).
        const inner = word.slice(1).match(/\p{Lu}/gu) ?? []
        for (const capital of inner) if (capital.toLowerCase() === letters[at]) at++
        continue
      }
      if (index > start && minorWords.has(word.toLowerCase())) continue
      break
    }
    if (at === letters.length) return true
  }
  return false
}
