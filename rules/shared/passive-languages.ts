// Passive instructions in German, Spanish, French and Portuguese, read the way passive-voice reads
// English: a modal, the verb `be` and a past participle (“la clave debe ser configurada”, “la clé peut
// être trouvée dans …”, “a chave deve ser definida”), or German's participle and `werden` closing the
// clause (“der Schlüssel muss gesetzt werden”). An obligation is an instruction; a possibility is one
// only with a where or a how; a negated modal, a clause inside the sentence, a named actor or the reader
// as subject is not. Spanish `se puede configurar` is an impersonal active, never matched.
import type {SentenceContent, Word} from 'nlcst'
import {toString} from 'nlcst-to-string'
import {asksQuestion, clauseTokensAfter, clauseWordsBefore, endsSentenceAfter, wordText} from './clauses.js'

/** The words of one language's passive. All lower case. */
export interface PassiveLanguage {
  /** Modals that oblige: `debe`, `doit`, `muss`. */
  obligations: ReadonlySet<string>
  /** Modals of possibility: `puede`, `peut`, `kann`. */
  possibilities: ReadonlySet<string>
  /** Modals joined to `be` by a linker (`tiene que ser`, `tem de ser`), and the linkers. */
  modalsBeforeLinker: ReadonlySet<string>
  linkers: ReadonlySet<string>
  /** Adverbs allowed between the modal and `be`, or `be` and the participle. */
  adverbs: ReadonlySet<string>
  /** The verb `be` of the passive: `ser`, `être`, `werden`. */
  be: string
  /** `be` closes the clause after the participle (German) rather than standing before it. */
  beLast: boolean
  /** Regular participles; `irregular` lists the others. */
  participle: RegExp
  irregular: ReadonlySet<string>
  /** Words that negate the modal, before it (`no`, `ne`, `nicht`) or right after it (`pas`). */
  negations: ReadonlySet<string>
  /** Words that open a clause inside the sentence: `si`, `que`, `wenn`. Elided forms end with `'`. */
  subordinators: ReadonlySet<string>
  /** The reader or the writer as subject: `usted`, `vous`, `Sie`. */
  persons: ReadonlySet<string>
  /** Words that say where or how, which make a possibility an instruction: `en`, `dans`, `im`. */
  whereOrHow: ReadonlySet<string>
  /** Words that open a purpose: `para`, `pour`, `um`. */
  purpose: ReadonlySet<string>
  /** Words that limit: `solo`, `seulement`, `nur`. */
  only: ReadonlySet<string>
  /** Words that name the actor: `por`, `par`, `von`. */
  agents: ReadonlySet<string>
}

export interface LanguagePassive {
  /** The modal, where the finding starts. */
  start: Word
  /** The last word of the phrase: the participle, or German `werden`. */
  end: Word
  phrase: string
}

/** The passive instructions of a sentence in a language of `PassiveLanguage`. */
export function languagePassives(children: readonly SentenceContent[], language: PassiveLanguage): LanguagePassive[] {
  if (asksQuestion(children)) return []
  const found: LanguagePassive[] = []
  children.forEach((node, index) => {
    if (node.type !== 'WordNode' || wordText(node) !== language.be) return
    const match = language.beLast ? beforeWerden(children, index, language) : afterBe(children, index, language)
    if (match) found.push(match)
  })
  return found
}

/** `<modal> [linker] [adverb] <be> [adverb] <participle>`, as in Spanish, French and Portuguese. */
function afterBe(children: readonly SentenceContent[], index: number, language: PassiveLanguage): LanguagePassive | undefined {
  let participle = wordAcross(children, index, 1)
  if (participle && language.adverbs.has(wordText(participle))) participle = wordAcross(children, children.indexOf(participle), 1)
  if (!participle || !isParticiple(participle, language)) return undefined
  let modal = wordAcross(children, index, -1)
  let only = false
  if (modal && language.adverbs.has(wordText(modal))) {
    only = language.only.has(wordText(modal))
    modal = wordAcross(children, children.indexOf(modal), -1)
  }
  if (modal && language.linkers.has(wordText(modal))) {
    const head = wordAcross(children, children.indexOf(modal), -1)
    if (!head || !language.modalsBeforeLinker.has(wordText(head))) return undefined
    modal = head
  }
  if (!modal) return undefined
  const kind = modalKind(modal, language)
  if (!kind) return undefined
  const after = clauseTokensAfter(children, children.indexOf(participle))
  if (!isInstruction(children, modal, only && kind === 'possibility' ? 'limited' : kind, after, language)) return undefined
  return {start: modal, end: participle, phrase: spanText(children, modal, participle)}
}

/** German: `<modal> … <participle> werden` closing the clause, the modal first (a main clause). */
function beforeWerden(children: readonly SentenceContent[], index: number, language: PassiveLanguage): LanguagePassive | undefined {
  if (!endsClauseAfter(children, index)) return undefined
  const participle = wordAcross(children, index, -1)
  if (!participle || !isParticiple(participle, language)) return undefined
  const before = clauseWordsBefore(children, children.indexOf(participle))
  const at = before.findIndex((word) => modalKind(word, language) !== undefined)
  if (at < 0) return undefined
  const modal = before[at]!
  const between = before.slice(at + 1).map((word) => wordText(word))
  const kind = modalKind(modal, language)!
  const limited = kind === 'possibility' && between.some((word) => language.only.has(word))
  // In German the where or the how stands between the modal and the participle.
  const after = before.slice(at + 1)
  if (!isInstruction(children, modal, limited ? 'limited' : kind, after, language)) return undefined
  const werden = children[index] as Word
  return {start: modal, end: werden, phrase: toString(modal) + (between.length > 0 ? ' … ' : ' ') + toString(participle) + ' ' + toString(werden)}
}

function modalKind(word: Word, language: PassiveLanguage): 'obligation' | 'possibility' | undefined {
  const text = wordText(word)
  if (language.obligations.has(text) || language.modalsBeforeLinker.has(text)) return 'obligation'
  return language.possibilities.has(text) ? 'possibility' : undefined
}

/**
 * The checks English passives get: not negated, not inside a clause opened by a subordinator, not
 * with the reader or the writer as subject, no actor named; a possibility needs a where, a how or a
 * purpose; a limited one (“solo puede ser …”) states a constraint.
 */
function isInstruction(
  children: readonly SentenceContent[],
  modal: Word,
  kind: 'obligation' | 'possibility' | 'limited',
  after: readonly SentenceContent[],
  language: PassiveLanguage
): boolean {
  const at = children.indexOf(modal)
  const before = clauseWordsBefore(children, at)
  const words = before.map((word) => wordText(word))
  if (kind === 'limited' || language.negations.has(words.at(-1) ?? '') || language.negations.has(wordText(wordAcross(children, at, 1)))) return false
  if (words.some((word) => isSubordinator(word, language)) || words.some((word) => language.only.has(word))) return false
  if (before.some((word) => isPerson(word, children, language))) return false
  const texts = after.map((token) => wordText(token))
  if (texts.some((word) => language.agents.has(word))) return false
  if (kind === 'obligation') return true
  return texts.some((word) => language.whereOrHow.has(word) || language.purpose.has(word)) || language.purpose.has(wordText(children.find((node) => node.type === 'WordNode')))
}

function isSubordinator(word: string, language: PassiveLanguage): boolean {
  if (language.subordinators.has(word)) return true
  // French elision: “qu'elle”, “lorsqu'il”, “s'il”.
  const apostrophe = word.indexOf("'")
  return apostrophe > 0 && language.subordinators.has(word.slice(0, apostrophe + 1))
}

function isPerson(word: Word, children: readonly SentenceContent[], language: PassiveLanguage): boolean {
  const written = toString(word)
  // German `Sie` is the reader only with a capital mid-sentence; `sie` is “it” or “they”.
  if (written === 'Sie') return children.findIndex((node) => node.type === 'WordNode') !== children.indexOf(word)
  return language.persons.has(written.toLowerCase())
}

/** Letters in the longest word read as a participle. */
export const maxWordLength = 40

function isParticiple(word: Word, language: PassiveLanguage): boolean {
  const written = toString(word)
  const text = written.toLowerCase()
  // German nouns take a capital; a participle never does.
  if (language.beLast && written !== text) return false
  // A participle is one word: no longer than the longest in the language's dictionaries.
  return language.irregular.has(text) || (text.length <= maxWordLength && language.participle.test(text))
}

/** The word one white space before (`step` -1) or after (`step` 1) the node at `index`. */
function wordAcross(children: readonly SentenceContent[], index: number, step: -1 | 1): Word | undefined {
  const space = children[index + step]
  const word = children[index + 2 * step]
  return space?.type === 'WhiteSpaceNode' && word?.type === 'WordNode' ? word : undefined
}

function endsClauseAfter(children: readonly SentenceContent[], index: number): boolean {
  const next = children[index + 1]
  return next === undefined || endsSentenceAfter(children, index) || (next.type === 'PunctuationNode' && /^[,;:)—–-]$/.test(toString(next)))
}

function spanText(children: readonly SentenceContent[], start: Word, end: Word): string {
  return children.slice(children.indexOf(start), children.indexOf(end) + 1).map((node) => toString(node)).join('').replace(/\s+/g, ' ')
}
