// Where a paragraph stands in a procedure: in a step, or right after an instruction to the reader.
// What follows an instruction is its outcome (“Click **Save**. A dialog will open.”).
import type {Nodes, Paragraph, Root} from 'mdast'
import {toString as mdastToString} from 'mdast-util-to-string'
import {visitParents} from '../../src/shared/walk.js'
import {instructionLeadIns, instructionVerbs, readerActing, readerDone} from './procedure-context.data.js'

export interface ParagraphSetting {
  /** In an item of a numbered list or in a `<Step>`. */
  inStep: boolean
  /** The last sentence of the block just before the paragraph, when that block is prose or a list. */
  before: string | undefined
  /**
   * The first block of a step, or the block after a code block in a step: what it says follows what
   * the reader did, in the step before or with the code (“Your plugin will connect to the server.”).
   */
  opensStep: boolean
  /** Right after code that the paragraph before it tells the reader to run (“Then, in your terminal, run:”). */
  afterCommand: boolean
}

/** For each paragraph of the page: whether it is a step, and the sentence before it. */
export function paragraphSettings(tree: Root): Map<Paragraph, ParagraphSetting> {
  const settings = new Map<Paragraph, ParagraphSetting>()
  visitParents(tree, 'paragraph', (paragraph, ancestors) => {
    const parent = ancestors[ancestors.length - 1]
    const inStep = ancestors.some(
      (node, index) =>
        (node.type === 'listItem' && ancestors[index - 1]?.type === 'list' && (ancestors[index - 1] as {ordered?: boolean | null}).ordered === true) ||
        (node.type === 'mdxJsxFlowElement' && node.name === 'Step')
    )
    const siblings = parent && 'children' in parent ? (parent.children as Nodes[]) : []
    let at = siblings.indexOf(paragraph) - 1
    // A screenshot between an instruction and its outcome belongs to the instruction.
    while (at >= 0 && isPicture(siblings[at]!)) at--
    // So does a quote the instruction introduces (“Try asking Goose something like:” and what to say):
    // what follows it is the outcome. After a code block, “This code will handle …” describes the code.
    if (at > 0 && siblings[at]!.type === 'blockquote' && introduces(siblings[at - 1]!)) at--
    const previous = siblings[at]
    const opensStep = inStep && (previous === undefined || previous.type === 'code')
    // After a command the paragraph before told the reader to run (“Then, in your terminal, run:”),
    // what follows is the command's outcome.
    const afterCommand = previous !== undefined && isCode(previous) && at > 0 && runsCode(siblings[at - 1]!)
    settings.set(paragraph, {inStep, before: previous ? lastSentence(previous) : undefined, opensStep, afterCommand})
  })
  return settings
}

/** A code block, or code blocks grouped in a `<CodeGroup>`. */
function isCode(node: Nodes): boolean {
  return node.type === 'code' || (node.type === 'mdxJsxFlowElement' && node.name === 'CodeGroup')
}

/** Whether a block tells the reader to run the code after it, not only describes it. */
function runsCode(node: Nodes): boolean {
  const sentence = lastSentence(node)
  return sentence !== undefined && (isInstruction(sentence) || runWords.test(sentence.replace(/\s+/g, ' ').trim().replace(/:$/, '')))
}

// “…, run:”, “run the following command”, “execute this code”: a lead-in to a command to run.
const runWords = /\b(?:run|execute|enter|type|paste)(?: (?:the following|this|these))?(?: (?:commands?|code|snippet|script))?$/i

/** A paragraph that ends with a colon, introducing the block after it. */
function introduces(node: Nodes): boolean {
  return node.type === 'paragraph' && mdastToString(node).trim().endsWith(':')
}

/** A paragraph holding only images, or a `<Frame>`. */
function isPicture(node: Nodes): boolean {
  if (node.type === 'mdxJsxFlowElement') return node.name === 'Frame'
  return node.type === 'paragraph' && node.children.every((child) => child.type === 'image' || (child.type === 'text' && child.value.trim() === ''))
}

function lastSentence(node: Nodes): string | undefined {
  if (node.type === 'list') {
    const item = node.children[node.children.length - 1]
    return item ? lastSentence(item) : undefined
  }
  // The outcome after a `<Steps>` block follows its last step, as after a numbered list.
  if (node.type === 'mdxJsxFlowElement' && (node.name === 'Steps' || node.name === 'Step')) {
    const last = node.children[node.children.length - 1] as Nodes | undefined
    if (last) return lastSentence(last)
    // A step of a title only: `<Step title="Press Enter" />`.
    const title = node.attributes.find((attribute) => attribute.type === 'mdxJsxAttribute' && attribute.name === 'title')?.value
    return typeof title === 'string' ? title : undefined
  }
  if (node.type !== 'paragraph' && node.type !== 'listItem') return undefined
  const sentences = mdastToString(node).trim().split(/(?<=[.!?])\s+/)
  return sentences[sentences.length - 1]
}

/** Whether `sentence` tells the reader to act (it opens with an instruction verb), or says the reader acts or is done. */
export function isInstruction(sentence: string): boolean {
  if (readerActing.test(sentence) || readerDone.test(sentence.trim())) return true
  if (opensWithVerb(sentence)) return true
  // “In the sidebar, click **Settings**”, “To save it, press Enter”: a short lead-in, then the verb.
  const comma = sentence.indexOf(',')
  return comma !== -1 && comma < 60 && opensWithVerb(sentence.slice(comma + 1))
}

function opensWithVerb(text: string): boolean {
  const words = text.trim().toLowerCase().split(/[^\p{L}'’-]+/u).filter(Boolean)
  let index = 0
  while (index < words.length - 1 && instructionLeadIns.has(words[index]!)) index++
  return words[index] !== undefined && instructionVerbs.has(words[index]!)
}
