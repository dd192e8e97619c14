// component-choice: content in the components the conventions' selection table names for it.
// The same example in several languages goes in a `<CodeGroup>`; platform-by-platform (or package
// manager, or language) sections go in `<Tabs>`; the nested properties of an object in an `<Expandable>`.
import type {Code, Heading, Nodes, RootContent} from 'mdast'
import {toString as mdastToString} from 'mdast-util-to-string'
import {defineRule, type RuleContext} from '../src/rule.js'
import {SKIP, visit} from '../src/shared/walk.js'
import {firstLine} from './shared/positions.js'
import {jsxAttribute} from './shared/jsx.js'
import {alternativeOf, areAlternatives, codeExampleOf, type Alternative, type CodeExample} from './shared/alternatives.js'
import {codeGroups, outputLanguages, tabComponents} from './shared/alternatives.data.js'
import {codeGroupEdits, labelledGroupEdit, namesFile} from './shared/code-group.js'
import {checkNestedFields} from './shared/nested-fields.js'
import {joinAnd} from '../src/shared/text.js'

export default defineRule({
  id: 'component-choice',
  severity: 'warn',
  summary: 'Content uses its components: the same example in several languages in a `<CodeGroup>`, platform-by-platform sections in `<Tabs>`, nested object properties in an `<Expandable>`',
  fixable: true,
  conventions: [{id: 'use-codegroup', coverage: 'partial'}, {id: 'use-tabs', coverage: 'partial'}, {id: 'use-expandable', coverage: 'partial'}],
  defaults: {},
  create() {
    return function (tree, context) {
      // A Markdown page holds no components.
      if (context.page.kind !== 'mdx') return
      checkNestedFields(tree, context)
      visit(tree, (node: Nodes) => {
        if (node.type === 'mdxJsxFlowElement' && node.name === 'Tabs') checkCodeTabs(node.children as RootContent[], node, context)
        if (node.type === 'blockquote' || (node.type === 'mdxJsxFlowElement' && (codeGroups.has(node.name ?? '') || tabComponents.has(node.name ?? '')))) return SKIP
        if (node.type !== 'root' && node.type !== 'listItem' && node.type !== 'mdxJsxFlowElement') return undefined
        const children = node.children as RootContent[]
        checkAdjacentBlocks(children, context)
        checkSections(children, checkLabelledBlocks(children, context), context)
        return undefined
      })
    }
  }
})

const list = (titles: readonly string[]): string => joinAnd(titles.map((title) => '`' + title + '`'))

/**
 * Code blocks with nothing between them that show one example in several languages (or one install
 * with several package managers): wrapped in a `<CodeGroup>` by `--fix`.
 */
function checkAdjacentBlocks(children: readonly RootContent[], {page, report}: RuleContext): void {
  for (let index = 0; index < children.length; index++) {
    const segment: Array<{code: Code; example: CodeExample | undefined}> = []
    while (children[index]?.type === 'code') {
      const code = children[index] as Code
      const example = codeExampleOf(code)
      // A block that is no alternative (output, a config file) ends the blocks before it.
      if (!example) break
      segment.push({code, example})
      index++
    }
    const examples = segment.map((item) => item.example)
    const codes = segment.map((item) => item.code)
    const before = children[index - segment.length - 1]
    const introduction = before?.type === 'paragraph' ? mdastToString(before) : ''
    if (!areAlternatives(examples, introduction) || codes.filter(namesFile).length > 1) continue
    const titles = examples.map((example) => example.title)
    const fix = codeGroupEdits(codes, titles, page.source)
    report({
      message: 'Unexpected separate code blocks for ' + list(titles) + ', expected a `<CodeGroup>` with a tab for each',
      place: firstLine(codes[0]!, page),
      actual: titles.join(', '),
      expected: '<CodeGroup>',
      fix
    })
  }
}

/**
 * `<Tabs>` whose every `<Tab>` holds one code block and nothing else, the blocks one example in
 * several languages (or one install with several package managers): what `<CodeGroup>` is for.
 */
function checkCodeTabs(tabs: readonly RootContent[], node: Nodes, {page, report}: RuleContext): void {
  const codes: Code[] = []
  const titles: string[] = []
  for (const tab of tabs) {
    if (tab.type !== 'mdxJsxFlowElement' || tab.name !== 'Tab' || tab.children.length !== 1 || tab.children[0]!.type !== 'code') return
    codes.push(tab.children[0] as Code)
    const title = jsxAttribute(tab, 'title')
    if (title.kind !== 'text') continue
    // Tabs titled with something else than a language or a package manager (`gRPC`, `WebSocket`) hold different things.
    const alternative = alternativeOf(title.text, false)
    if (!alternative || alternative.kind === 'platform' || alternative.kind === 'option') return
    titles.push(title.text)
  }
  const examples = codes.map(codeExampleOf)
  // Tabs titled with their languages say the blocks are one example, as a sentence naming them does.
  if (!areAlternatives(examples, titles.join(', '))) return
  report({
    message: 'Unexpected `<Tabs>` that hold only a code block for each of ' + list(examples.map((example) => example.title)) + ', expected a `<CodeGroup>`',
    place: firstLine(node, page),
    actual: '<Tabs>',
    expected: '<CodeGroup>'
  })
}

interface Labelled {
  label: Nodes
  code: Code
  alternative: Alternative
}

/**
 * Code blocks each after a short label naming its alternative (“**macOS:**”, “With npm”, “### Python”):
 * a `<CodeGroup>` titled by the labels is offered as a suggestion, since the labels go.
 * Returns the labels used, so that their headings are not reported again as sections.
 */
function checkLabelledBlocks(children: readonly RootContent[], {page, report}: RuleContext): Set<Nodes> {
  const used = new Set<Nodes>()
  let index = 0
  while (index < children.length - 1) {
    const items: Labelled[] = []
    let at = index
    for (;;) {
      const label = children[at]
      const code = children[at + 1]
      if (!label || code?.type !== 'code' || (label.type !== 'paragraph' && label.type !== 'heading')) break
      if (outputLanguages.has((code.lang ?? '').toLowerCase())) break
      const alternative = alternativeOf(mdastToString(label), label.type === 'paragraph')
      if (!alternative || (items[0] && items[0].alternative.kind !== alternative.kind)) break
      items.push({label, code, alternative})
      at += 2
    }
    index = items.length > 0 ? at : index + 1
    const keys = new Set(items.map((item) => item.alternative.key))
    if (items.length < 2 || keys.size !== items.length) continue
    for (const item of items) used.add(item.label)
    const titles = items.map((item) => item.alternative.title)
    const edit = labelledGroupEdit(items.map(({label, code, alternative}) => ({label, code, title: alternative.title})), page.source)
    report({
      message: 'Unexpected separate code blocks for ' + list(titles) + ', expected a `<CodeGroup>` with a tab for each',
      place: firstLine(items[0]!.label, page),
      actual: titles.join(', '),
      expected: '<CodeGroup>',
      suggestions: edit ? [{description: 'Group the blocks in a `<CodeGroup>` titled by their labels', edits: [edit]}] : undefined
    })
  }
  return used
}

const kindWords: Readonly<Record<Exclude<Alternative['kind'], 'option'>, string>> = {platform: 'platform', tool: 'package manager', language: 'language'}

const optionHeading = /^(option|method|approach|alternative)\s+(\d|[a-d])\s*(?:[:.)\-\u2013\u2014]\s*\S.{0,80})?$/iu

/** Components that carry out a way of doing a thing: steps, grouped code, tabs. */
const givesInstructions = (name: string): boolean => name === 'Steps' || codeGroups.has(name) || tabComponents.has(name)

/** Whether the section under a heading (up to the next heading of its level or above) holds instructions. */
function holdsInstructions(children: readonly RootContent[], heading: Heading): boolean {
  for (let index = children.indexOf(heading) + 1; index < children.length; index++) {
    const node = children[index]!
    if (node.type === 'heading' && node.depth <= heading.depth) return false
    if (node.type === 'code' || (node.type === 'list' && node.ordered) || (node.type === 'mdxJsxFlowElement' && givesInstructions(node.name ?? ''))) return true
  }
  return false
}

/**
 * A heading that numbers one of several ways to do a thing (“Option 1: Use Docker”, “Method B”), in
 * the order they count: the `place`-th option is numbered `place + 1` (or the letter for it).
 */
function numberedOptionOf(text: string, place: number): Alternative | undefined {
  const match = optionHeading.exec(text.replace(/\s+/g, ' ').trim())
  if (!match) return undefined
  const mark = match[2]!.toLowerCase()
  const position = /\d/.test(mark) ? Number(mark) - 1 : mark.charCodeAt(0) - 97
  if (position !== place) return undefined
  return {kind: 'option', title: text.trim(), key: match[1]! + ' ' + match[2]!}
}

/**
 * Sibling sections whose headings each name one platform, package manager or language (“## macOS”,
 * “## Windows”): alternatives the reader picks one of, which `<Tabs>` show one at a time. A section
 * with headings below it is a chapter, not a tab.
 */
function checkSections(children: readonly RootContent[], labels: ReadonlySet<Nodes>, {page, report}: RuleContext): void {
  const headings = children.filter((child): child is Heading => child.type === 'heading')
  let index = 0
  while (index < headings.length) {
    const run: Array<{heading: Heading; alternative: Alternative}> = []
    let at = index
    for (; at < headings.length; at++) {
      const heading = headings[at]!
      const text = mdastToString(heading)
      const alternative = labels.has(heading) ? undefined : (alternativeOf(text, false) ?? numberedOptionOf(text, run.length))
      const first = run[0]
      if (!alternative || (first && (heading.depth !== first.heading.depth || alternative.kind !== first.alternative.kind))) break
      // Numbered options count on from the first (“Option 1”, “Option 2”), under one word.
      if (alternative.kind === 'option' && first && alternative.key.split(' ')[0]!.toLowerCase() !== first.alternative.key.split(' ')[0]!.toLowerCase()) break
      run.push({heading, alternative})
      // A heading below this one opens a subsection: the sections are chapters.
      const next = headings[at + 1]
      if (next && next.depth > heading.depth) {
        run.length = 0
        break
      }
    }
    index = Math.max(at, index + 1)
    if (run.length < 2 || new Set(run.map((item) => item.alternative.key)).size !== run.length) continue
    const titles = run.map((item) => item.alternative.title)
    if (run[0]!.alternative.kind === 'option') {
      // Options told in a paragraph each are an overview to compare, not instructions to pick one of.
      if (!run.every(({heading}) => holdsInstructions(children, heading))) continue
      report({
        message: 'Unexpected numbered sections for alternatives (`' + run[0]!.alternative.key + '` to `' + run.at(-1)!.alternative.key + '`), expected `<Tabs>` with a `<Tab>` for each',
        place: firstLine(run[0]!.heading, page),
        actual: titles.join(', '),
        expected: '<Tabs>'
      })
      continue
    }
    report({
      message: 'Unexpected sections for ' + list(titles) + ', expected `<Tabs>` with a `<Tab>` for each ' + kindWords[run[0]!.alternative.kind as Exclude<Alternative['kind'], 'option'>],
      place: firstLine(run[0]!.heading, page),
      actual: titles.join(', '),
      expected: '<Tabs>'
    })
  }
}
