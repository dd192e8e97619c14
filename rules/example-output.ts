// example-output: a Python, JavaScript or TypeScript program whose last statements compute results
// (`relevant = m.search(…)`) that nothing prints, logs, returns or uses, on a page that shows no output
// for it and tells nothing of what it gives. How a block's results are read is rules/shared/code-results.ts.
import type {Code, Nodes, Parent, Root} from 'mdast'
import {toString as mdastToString} from 'mdast-util-to-string'
import {visitParents} from '../src/shared/walk.js'
import {defineRule} from '../src/rule.js'
import {codePoint} from './shared/positions.js'
import {firstMark, isNotCode, withoutAnnotations} from './shared/code-fragments.js'
import {isCodeReference} from './shared/code-reference.js'
import {isJsxElement, jsxAttribute} from './shared/jsx.js'
import {readPython, readScript, type ProgramReading, type ResultAssignment} from './shared/code-results.js'
import {
  commentTellsOutput, comparisonComment, factoryCall, mutationCall, outputHeading, shapePages, outputBlockLanguages, outputComponents, outputLanguages, outputTitle, setupCall, setupName, tellsOutput, type OutputFamily
} from './example-output.data.js'

/** Blocks longer than this are not read: generated data, not an example a reader types. */
const maxBlockLength = 50_000

interface ReadBlock {
  node: Code
  ancestors: Parent[]
  family: OutputFamily
  reading: ProgramReading | undefined
  /** Whether the block is a fragment: indented first line, an elision, a placeholder, a transcript. */
  fragment: boolean
}

export default defineRule({
  id: 'example-output',
  severity: 'info',
  summary: 'Python, JavaScript and TypeScript examples show the results they compute, or the output they give',
  fixable: false,
  conventions: [{id: 'expected-output', coverage: 'partial'}],
  languages: ['en'],
  defaults: {},
  create() {
    return function (tree, {file, page, report}) {
      if (page.isSnippet || isCodeReference(tree) || shapePages.test(file.path ?? '')) return
      // A page that gives a section to what its calls return tells the results in words.
      if (tree.children.some((node) => node.type === 'heading' && outputHeading.test(mdastToString(node)))) return
      const blocks = readBlocks(tree)
      blocks.forEach((block, index) => {
        const results = unshownResults(block, blocks, index)
        if (results.length === 0) return
        const names = results.flatMap((result) => result.names)
        const first = results[0]!
        const start = codePoint(block.node, page, first.from)
        const end = codePoint(block.node, page, lineEnd(block.node.value, first.from))
        const listed = names.map((name) => '`' + name + '`').join(', ').replace(/, ([^,]*)$/, ' and $1')
        const message =
          'Unexpected example whose result' + (names.length > 1 ? 's ' : ' ') + listed + (names.length > 1 ? ' are' : ' is') + ' never shown, expected a print or the output it gives'
        if (start && end) report({message, place: {start, end}, actual: names.join(', ')})
      })
    }
  }
})

function lineEnd(text: string, offset: number): number {
  const newline = text.indexOf('\n', offset)
  return newline === -1 ? text.length : newline
}

function readBlocks(tree: Root): ReadBlock[] {
  const blocks: ReadBlock[] = []
  visitParents(tree, 'code', (node: Code, ancestors) => {
    const language = languageOf(node.lang)
    const family = Object.hasOwn(outputLanguages, language) ? outputLanguages[language] : undefined
    if (!family || node.value.length > maxBlockLength || node.value.trim() === '') return
    const parser = family === 'python' ? 'python' : 'script'
    const text = withoutAnnotations(node.value, parser)
    const fragment = /^[ \t]/.test(text.replace(/^\s*\n/, '')) || /^>>>(?: |$)/m.test(text) || isNotCode(text, parser) || firstMark(text, parser) !== Infinity
    const reading = family === 'python' ? readPython(text) : readScript(text)
    blocks.push({node, ancestors: [...ancestors] as Parent[], family, reading, fragment})
  })
  return blocks
}

/** A fence's language, lower-cased, without line highlights written against it (`py{1,3}`). */
function languageOf(lang: string | null | undefined): string {
  const text = (lang ?? '').toLowerCase()
  const brace = text.indexOf('{')
  return brace === -1 ? text : text.slice(0, brace)
}

/** The results of a block that nothing shows: none when the block is no program, or the page shows them. */
function unshownResults(block: ReadBlock, blocks: readonly ReadBlock[], index: number): ResultAssignment[] {
  const reading = block.reading
  if (!reading || block.fragment || reading.exports || reading.unused.length === 0) return []
  if (!isProgram(block, blocks, index) || comparisonComment.test(block.node.value)) return []
  // Names a later block of the page reads: the example goes on there.
  const later = new Set(blocks.slice(index + 1).flatMap((other) => [...(other.reading?.names ?? wordsOf(other.node.value))]))
  const results = reading.unused.filter((result) => !isSetup(result) && !result.names.some((name) => later.has(name)))
  // A comment after the results tells or shows them (`# [{'id': …}]`); one after the last statement tells the outcome.
  if (results.length === 0 || reading.endsWithComment || commentTellsOutput.test(reading.commentsAfter)) return []
  if (groupShows(block, blocks) || pageShows(block, results)) return []
  return results
}

/**
 * Whether the block is a program a reader runs: it imports something, or goes on from an earlier
 * block that does, calling what that block assigned at its top level (`m = Memory.from_config(config)`
 * then `m.search(…)`). A block that imports nothing and calls a parameter or a name bound in a
 * function elsewhere (`ctx.sample(…)`) is an excerpt.
 */
function isProgram(block: ReadBlock, blocks: readonly ReadBlock[], index: number): boolean {
  if (block.reading!.imports) return true
  const earlier = blocks.slice(0, index).filter((other) => other.family === block.family && other.reading?.imports)
  const assigned = new Set(earlier.flatMap((other) => [...other.reading!.assigned]))
  return block.reading!.unused.some((result) => assigned.has(result.callee.split('.')[0]!))
}

function wordsOf(text: string): Set<string> {
  return new Set(text.match(/[\p{L}_$][\p{L}\p{N}_$]*/gu) ?? [])
}

/** Whether a result is a setup for what follows (a client, a config), not an outcome. */
function isSetup(result: ResultAssignment): boolean {
  if (result.names.every((name) => setupName.test(name) || /^_/.test(name))) return true
  const parts = result.callee.split('.')
  const last = parts.at(-1)!
  // A definition: `tool({…})`, `task({…})`, `agent(…)`.
  if (parts.length === 1 && setupName.test(last)) return true
  if (/^[A-Z]/.test(last) || setupCall.test(last) || mutationCall.test(last) || (factoryCall.test(last) && setupName.test(last))) return true
  return factoryCall.test(last) && (parts.length === 1 || parts.slice(0, -1).some((part) => /^[A-Z]/.test(part)))
}

/** Whether another block of the block's `<CodeGroup>` (another language of the example) shows its results. */
function groupShows(block: ReadBlock, blocks: readonly ReadBlock[]): boolean {
  const group = [...block.ancestors].reverse().find((ancestor) => isJsxElement(ancestor) && ancestor.name === 'CodeGroup')
  if (!group) return false
  return blocks.some((other) => other !== block && other.ancestors.includes(group) && other.reading !== undefined && other.reading.unused.length === 0)
}

/** Whether the page shows the output right after the block, or tells what the example gives right before or after it. */
function pageShows(block: ReadBlock, results: readonly ResultAssignment[]): boolean {
  const names = new Set(results.flatMap((result) => result.names))
  let node: Nodes = block.node
  const ancestors = [...block.ancestors]
  // Out of the code group that holds the block, and of the tabs or steps it ends.
  while (ancestors.length > 1) {
    const parent = ancestors.at(-1)!
    const last = parent.children.indexOf(node as never) === parent.children.length - 1
    if (!isJsxElement(parent) || !(parent.name === 'CodeGroup' || (last && isHolder(parent)))) break
    node = parent
    ancestors.pop()
  }
  const parent = ancestors.at(-1)!
  const at = parent.children.indexOf(node as never)
  const before = parent.children[at - 1]
  if (before?.type === 'paragraph' && /\b(?:returns?|prints?|outputs?|you(?:'ll| will| should)? see|displays?|logs?)\b/i.test(mdastToString(before))) return true
  for (const next of parent.children.slice(at + 1, at + 3)) {
    if (next.type === 'heading') return outputHeading.test(mdastToString(next))
    if (next.type === 'thematicBreak') return false
    if (showsOutput(next, names)) return true
  }
  return false
}

/** Components a block sits in as one of several tabs or steps: the text after them is the block's. */
function isHolder(node: Parent): boolean {
  return isJsxElement(node) && /^(?:CodeGroup|Tab|Tabs|Step|Steps|Accordion|Expandable)$/.test(node.name ?? '')
}

/** Whether a node shows output (a block of output, a response component) or tells it in words. */
function showsOutput(node: Nodes, names: ReadonlySet<string>): boolean {
  if (node.type === 'code') return outputBlockLanguages.has(languageOf(node.lang).split(/\s/)[0]!) || outputTitle.test(node.meta ?? '')
  if (isJsxElement(node)) {
    if (outputComponents.has(node.name ?? '')) return true
    const title = jsxAttribute(node, 'title')
    if (title.kind === 'text' && outputTitle.test(title.text)) return true
    let found = false
    visitParents(node, (child: Nodes) => {
      if (child !== node && (child.type === 'code' || isJsxElement(child)) && showsOutput(child, names)) found = true
    })
    if (found) return true
  }
  if (node.type === 'paragraph' || node.type === 'list' || isJsxElement(node)) {
    if (tellsOutput.test(mdastToString(node))) return true
    let named = false
    visitParents(node, 'inlineCode', (code) => {
      if (names.has(code.value)) named = true
    })
    return named
  }
  return false
}
