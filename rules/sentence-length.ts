import type {Nodes} from 'mdast'
import type {Sentence, SentenceContent} from 'nlcst'
import {toString} from 'nlcst-to-string'
import {defineRule} from '../src/rule.js'
import {prechecksOff} from '../src/page.js'

interface Options {
  /** Most words a sentence may have. */
  max: number
}

export default defineRule<Options>({
  id: 'sentence-length',
  severity: 'warn',
  summary: 'Sentences in prose have at most `max` words (default 35)',
  fixable: false,
  thirdParty: {vale: true},
  prose: true,
  options: {
    type: 'object',
    properties: {
      max: {type: 'integer', minimum: 1}
    },
    additionalProperties: false
  },
  defaults: {max: 35},
  create({max}) {
    return function (_tree, {page, report}) {
      for (const block of page.proseBlocks()) {
        // Cheap pre-check: a block with at most `max` words in all cannot hold a longer sentence.
        if (!prechecksOff && upperWordCount(block.node, block.text) <= max) continue
        for (const paragraph of block.prose().children) {
          if (paragraph.type !== 'ParagraphNode') continue
          for (const sentence of paragraph.children) {
            if (sentence.type !== 'SentenceNode') continue
            for (const part of sentencesOf(sentence)) {
              const words = wordCount(part)
              const first = part[0]?.position
              const last = part[part.length - 1]?.position
              if (words <= max || !first || !last) continue
              report({
                message: 'Unexpected sentence of ' + words + ' words, expected at most ' + max,
                place: {start: first.start, end: last.end},
                actual: String(words),
                expected: String(max)
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

/**
 * The sentences of a SentenceNode, without white space at either end. parse-english keeps a number
 * or `etc` and its full stop together as one word (“port 80. This”, “and so on, etc. Then”), so a
 * capital after such a word starts a new sentence here.
 */
function sentencesOf(sentence: Sentence): SentenceContent[][] {
  const parts: SentenceContent[][] = []
  let part: SentenceContent[] = []
  const children = sentence.children
  for (let index = 0; index < children.length; index++) {
    const node = children[index]!
    part.push(node)
    const next = children[index + 2]
    if (
      node.type === 'WordNode' &&
      /^(?:\d+|etc)\.$/i.test(toString(node)) &&
      children[index + 1]?.type === 'WhiteSpaceNode' &&
      next?.type === 'WordNode' &&
      /^[A-Z]/.test(toString(next))
    ) {
      parts.push(part)
      part = []
    }
  }
  parts.push(part)
  return parts.map(trimWhiteSpace).filter((nodes) => nodes.length > 0)
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
