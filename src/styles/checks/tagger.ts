// Words and their Penn Treebank part-of-speech tags, for `sequence` rules. A block is split into
// sentences, a sentence into words much as Vale's Treebank tokenizer splits them (punctuation, `n't` and
// `'s` are words of their own), and the words are tagged by wink-pos-tagger, which is loaded on the
// first sentence that needs tags, once per process.

import {load, once} from '../../shared/lazy.js'

/** A word of a sentence, with its offsets in the text it was read from and its Penn Treebank tag. */
export interface TaggedWord {
  text: string
  /** The Penn Treebank tag (`NN`, `VBZ`, `.`), or `''` when the caller asked for no tags. */
  tag: string
  start: number
  end: number
}

/** A sentence's offsets in its block. */
export interface SentenceSpan {
  start: number
  end: number
}

interface WinkToken {
  value: string
  pos: string
}

interface WinkTagger {
  tagRawTokens(tokens: string[]): WinkToken[]
}

/** wink-pos-tagger: 0.2 s and its lexicon's memory, paid by the first sentence a tag rule reads. */
const winkTagger = once(() => (load('wink-pos-tagger') as () => WinkTagger)())

/** Words ending so with a period do not end a sentence (`e.g. this`, `Dr. Smith`). */
const abbreviation = /^(?:[A-Za-z]|(?:[A-Za-z]\.)+[A-Za-z]|Mr|Mrs|Ms|Dr|Prof|Sr|Jr|St|vs|etc|cf|al|approx|Inc|Ltd|Co|Corp|No|Fig|Vol|Ch|Sec|ca)$/i

/** End punctuation, closing quotes or brackets, then space and what can start a sentence. */
const sentenceEnd = /(?<![.!?])([.!?]+)["'”’)\]]*(?=\s+["'“‘([]*[\p{Lu}\d])/gu

/** The sentences of `text`, leading and trailing space left out. */
export function splitSentences(text: string): SentenceSpan[] {
  const spans: SentenceSpan[] = []
  let start = 0
  for (const end of text.matchAll(sentenceEnd)) {
    const punctuation = end[1] ?? ''
    if (punctuation === '.' && abbreviation.test(wordBefore(text, end.index))) continue
    pushTrimmed(spans, text, start, end.index + end[0].length)
    start = end.index + end[0].length
  }
  pushTrimmed(spans, text, start, text.length)
  return spans
}

/** The word that ends at `index` (an abbreviation's letters before its last period). */
function wordBefore(text: string, index: number): string {
  let start = index
  while (start > 0 && !/[\s"'“‘([]/.test(text.charAt(start - 1))) start -= 1
  return text.slice(start, index)
}

function pushTrimmed(spans: SentenceSpan[], text: string, start: number, end: number): void {
  while (start < end && /\s/.test(text.charAt(start))) start += 1
  while (end > start && /\s/.test(text.charAt(end - 1))) end -= 1
  if (end > start) spans.push({start, end})
}

/** Punctuation split off the front of a word. */
const leading = new Set(['"', "'", '“', '‘', '«', '(', '[', '{', '<', '`', '$', '#', '¿', '¡'])
/** Punctuation split off the end of a word (a period only where it is not an abbreviation's). */
const trailing = new Set(['"', "'", '”', '’', '»', ')', ']', '}', '>', ',', ';', ':', '!', '?', '.', '…'])
/** Clitics the Treebank tokenizer makes words of their own: `do n't`, `it 's`, `they 're`. */
const clitic = /^(.*?[\p{L}\d])(n['’]t|['’](?:s|re|ve|ll|d|m))$/iu
/** Dashes between words: `word—word`, `word--word`. */
const dash = /—|–|--/

/** The words of one sentence, offsets relative to `sentence`. */
export function splitWords(sentence: string): TaggedWord[] {
  const words: TaggedWord[] = []
  const chunks = [...sentence.matchAll(/\S+/g)]
  chunks.forEach((chunk, index) => {
    splitChunk(chunk[0], chunk.index, index === chunks.length - 1, words)
  })
  return words
}

function splitChunk(chunk: string, offset: number, lastInSentence: boolean, words: TaggedWord[]): void {
  let start = 0
  let end = chunk.length
  while (start < end && leading.has(chunk.charAt(start))) {
    words.push(word(chunk.charAt(start), offset + start))
    start += 1
  }
  const tail: TaggedWord[] = []
  while (end > start) {
    const cut = trailingCut(chunk.slice(start, end), lastInSentence)
    if (cut === 0) break
    tail.unshift(word(chunk.slice(end - cut, end), offset + end - cut))
    end -= cut
  }
  splitCore(chunk.slice(start, end), offset + start, words)
  words.push(...tail)
}

/** How many characters of punctuation to split off the end of `core` (0: none). */
function trailingCut(core: string, lastInSentence: boolean): number {
  if (core.endsWith('...')) return 3
  const last = core.charAt(core.length - 1)
  if (!trailing.has(last)) return 0
  if (last !== '.') return 1
  const bare = core.slice(0, -1)
  if (lastInSentence || bare === '') return 1
  return abbreviation.test(bare) || bare.includes('.') ? 0 : 1
}

function splitCore(core: string, offset: number, words: TaggedWord[]): void {
  if (core === '') return
  const dashAt = dash.exec(core)
  if (dashAt !== null && dashAt.index > 0) {
    splitCore(core.slice(0, dashAt.index), offset, words)
    words.push(word(dashAt[0], offset + dashAt.index))
    splitCore(core.slice(dashAt.index + dashAt[0].length), offset + dashAt.index + dashAt[0].length, words)
    return
  }
  const contraction = clitic.exec(core)
  if (contraction?.[1] !== undefined && contraction[2] !== undefined) {
    words.push(word(contraction[1], offset))
    words.push(word(contraction[2], offset + contraction[1].length))
    return
  }
  words.push(word(core, offset))
}

function word(text: string, start: number): TaggedWord {
  return {text, tag: '', start, end: start + text.length}
}

/** Tagged sentences kept for the next rule that reads them: several `sequence` rules read one page. */
const tagged = new Map<string, readonly TaggedWord[]>()
const taggedLimit = 4096

/** The words of `sentence` with their tags (offsets relative to `sentence`). */
export function tagWords(sentence: string): readonly TaggedWord[] {
  const known = tagged.get(sentence)
  if (known !== undefined) return known
  const words = splitWords(sentence)
  const tags = winkTagger().tagRawTokens(taggerInputs(words))
  words.forEach((each, index) => {
    each.tag = tags[index]?.pos ?? ''
  })
  if (tagged.size >= taggedLimit) tagged.clear()
  tagged.set(sentence, words)
  return words
}

/**
 * The words as the tagger is given them. wink-pos-tagger calls every capitalised noun or adjective a
 * proper noun (`Great ideas` → NNP); a sentence's first word is capitalised for the sentence's sake, so
 * it is given in lower case, unless the next word is capitalised too (`Mike Jordan`). Vale's tagger
 * reads words in lower case as well, keeping a feature of the first letter.
 */
function taggerInputs(words: readonly TaggedWord[]): string[] {
  const inputs = words.map((each) => each.text)
  const [first, second] = words.flatMap((each, index) => (/\p{L}/u.test(each.text) ? [index] : [])).slice(0, 2)
  if (first === undefined) return inputs
  const text = inputs[first] ?? ''
  const nextCapitalised = second !== undefined && /^\p{Lu}/u.test(inputs[second] ?? '')
  if (/^\p{Lu}\p{Ll}+$/u.test(text) && !nextCapitalised) inputs[first] = text.toLowerCase()
  return inputs
}
