// Where a real-looking value sits on the page decides whether a writer should replace it: values in
// an example of what the reader receives illustrate, and a local server's or a test's fixed
// credentials (on a command to a loopback address, in a Docker Compose file, in a test file) must be
// copied as they are. Both are still masked in every output; only the report is spared.
import type {Code, Nodes, Root} from 'mdast'
import {toString} from 'mdast-util-to-string'
import type {Position} from 'unist'
import {visit, visitParents, type Parent} from '../../src/shared/walk.js'
import {composeMarkers, fixtureTitle, loopbackHosts, receivedExampleWords, receivedExampleWordsCjk, receivedTitleWords, tokenResponseKeys} from './secrets.data.js'
import type {Candidate} from './secrets-scan.js'

const receivedCue = new RegExp('\\b(?:' + receivedExampleWords.join('|') + ')\\b|' + receivedExampleWordsCjk.join('|'), 'i')
const receivedTitle = new RegExp(
  '\\b(?:' + receivedExampleWords.join('|') + '|' + receivedTitleWords.join('|') + ')\\b|' + receivedExampleWordsCjk.join('|'),
  'i'
)
const tokenResponse = new RegExp('["\']?\\b(?:' + tokenResponseKeys.join('|') + ')\\b["\']?[ \\t]*[:=]')
// What a request example shows: a curl command, an HTTP request line, an auth header, a client call.
const requestCode = /\bcurl\b|^[ \t]*(?:GET|POST|PUT|PATCH|DELETE) |\bAuthorization\b|\bfetch\(|\brequests\.\w+\(/im
// A server on the reader's own machine: a loopback address, or a compose file or command that starts one.
const loopback = new RegExp('(?:^|[^\\w.-])(?:' + loopbackHosts.join('|') + ')(?![\\w-])', 'i')
const compose = new RegExp(composeMarkers.join('|'), 'im')
// Vendor tokens that only a vendor's own servers issue are never a local server's fixed value.
const localTests: ReadonlySet<Candidate['test']> = new Set(['random', 'password', 'assigned-password', 'checked'])
const localMayHold = (candidate: Candidate) => localTests.has(candidate.test) || candidate.kind.anyIssuer === true

interface CodeBlock {
  start: number
  end: number
  /** The block shows what the reader receives: a response, an incoming event, a command's output. */
  received: boolean
  /** A Docker Compose file or command, or a test file: its credentials are fixed values. */
  fixed: boolean
}

/**
 * Drop values in examples of what the reader receives, a local server's fixed credentials, and a
 * value repeated in one code block (`access_token` and `refresh_token` alike).
 */
export function reportable(tree: Root, source: string, accepted: readonly Candidate[]): Candidate[] {
  const blocks = codeBlocks(tree)
  const images = imageSources(tree)
  const seen = new Set<string>()
  return accepted.filter((candidate) => {
    const block = blocks.find((code) => code.start <= candidate.start && candidate.end <= code.end)
    if (localMayHold(candidate) && (block?.fixed || loopback.test(commandAround(source, candidate.start)))) return false
    // A `token=` in the URL of an image the page shows goes to every reader's browser: a download token, not a credential.
    if (candidate.test === 'random' && candidate.detail !== undefined && images.some(([start, end]) => start <= candidate.start && candidate.end <= end)) return false
    if (!block) return true
    if (block.received) return false
    const key = block.start + ' ' + source.slice(candidate.start, candidate.end)
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}

/** The line around `offset`, with up to 20 lines a trailing `\` continues it from or onto (one shell command). */
function commandAround(source: string, offset: number): string {
  let start = source.lastIndexOf('\n', offset - 1) + 1
  for (let lines = 0; lines < 20 && start > 1 && source[start - 2] === '\\'; lines++) start = source.lastIndexOf('\n', start - 2) + 1
  let end = source.indexOf('\n', offset)
  for (let lines = 0; lines < 20 && end !== -1 && source[end - 1] === '\\'; lines++) end = source.indexOf('\n', end + 1)
  return source.slice(start, end === -1 ? source.length : end)
}

/** Where the page shows an image: Markdown images and the `src` of a JSX element (`<img>`, `<Frame>`…). */
function imageSources(tree: Root): Array<[number, number]> {
  const ranges: Array<[number, number]> = []
  const add = (position: Position | undefined) => {
    const start = position?.start.offset
    const end = position?.end.offset
    if (start !== undefined && end !== undefined) ranges.push([start, end])
  }
  visit(tree, (node: Nodes) => {
    if (node.type === 'image') add(node.position)
    if (node.type !== 'mdxJsxFlowElement' && node.type !== 'mdxJsxTextElement') return
    for (const attribute of node.attributes) if (attribute.type === 'mdxJsxAttribute' && attribute.name === 'src') add(attribute.position)
  })
  return ranges
}

function codeBlocks(tree: Root): CodeBlock[] {
  const blocks: CodeBlock[] = []
  visitParents(tree, 'code', (node, ancestors) => {
    const start = node.position?.start.offset
    const end = node.position?.end.offset
    if (start === undefined || end === undefined) return
    const meta = node.meta ?? ''
    blocks.push({start, end, received: isReceivedExample(node, ancestors), fixed: compose.test(node.value) || compose.test(meta) || fixtureTitle.test(meta)})
  })
  return blocks
}

/** Whether a code block is a response, an incoming payload or output, by its title, container or lead-in. */
function isReceivedExample(node: Code, ancestors: readonly Parent[]): boolean {
  if (requestCode.test(node.value)) return false
  if (tokenResponse.test(node.value) || receivedTitle.test(node.meta ?? '')) return true
  for (const ancestor of ancestors) {
    if (ancestor.type !== 'mdxJsxFlowElement') continue
    if (ancestor.name === 'ResponseExample') return true
    const title = ancestor.attributes.find((attribute) => attribute.type === 'mdxJsxAttribute' && attribute.name === 'title')
    if (typeof title?.value === 'string' && receivedTitle.test(title.value)) return true
  }
  // The lead-in of a code block in a group (`<CodeGroup>`, `<Tab>`) is the lead-in of the group.
  let block: Nodes = node
  let level = ancestors.length - 1
  while (level > 0) {
    const parent = ancestors[level]!
    if (parent.type !== 'mdxJsxFlowElement') break
    const siblings = parent.children as Nodes[]
    if (!siblings.slice(0, siblings.indexOf(block)).every((sibling) => sibling.type === 'code')) break
    block = parent
    level--
  }
  const parent = ancestors[level]
  if (!parent) return false
  const siblings = parent.children as Nodes[]
  const previous = siblings[siblings.indexOf(block) - 1]
  if (!previous) return false
  // A JSON body right after a request example shows what the request returns.
  if (previous.type === 'code') return requestCode.test(previous.value) && /^\s*[{[]/.test(node.value)
  if (previous.type === 'heading') return receivedTitle.test(toString(previous))
  if (previous.type !== 'paragraph') return false
  const sentences = toString(previous).trim().split(/(?<=[.!?])\s+|(?<=[。！？])/).filter(Boolean)
  return receivedCue.test(sentences.at(-1) ?? '')
}
