import type {Heading, List, ListItem, Nodes, Paragraph, Parents} from 'mdast'
import type {Position} from 'unist'
import {toString} from 'mdast-util-to-string'
import {visitParents} from '../src/walk.js'
import {defineRule} from '../src/rule.js'
import type {Page} from '../src/page.js'
import {htmlComponentRanges, inRanges, isJsxElement} from './image-alt.js'
import {checkPhrases, checkVerbs, imperativeVerbs, leadIns, numberWords} from './steps-for-procedures.data.js'

const verbs = new Set(imperativeVerbs)
const checks = new Set(checkVerbs)
const skipped = new Set(leadIns)
const stepLabel = new RegExp('^step[\\s-]*(\\d+|' + numberWords.join('|') + ')\\b', 'i')
const checkPhrase = new RegExp('^(?:' + checkPhrases.join('|') + ')\\b', 'i')
const word = /[\p{L}][\p{L}'’-]*/u
// `Add zip functionality (#825)`: a release note names a change, it asks nothing of the reader.
const releaseNote = /#\d+\)?\.?\s*$/

/** What an item asks: an action ("Click **Save**"), a check ("Verify the token"), or nothing. */
export type Instruction = 'action' | 'check' | undefined

/** How the text starts: with an imperative verb, perhaps after "Then" or a lead-in such as "In Settings,". */
export function instructionOf(text: string): Instruction {
  const trimmed = text.trimStart()
  if (releaseNote.test(trimmed)) return undefined
  const first = startingVerb(trimmed)
  if (first) return first
  // "In the sidebar, click **Settings**": a short lead-in phrase, then the verb.
  const comma = trimmed.indexOf(',')
  if (comma === -1 || comma > 60 || /[.!?:]/.test(trimmed.slice(0, comma))) return undefined
  return startingVerb(trimmed.slice(comma + 1).trimStart())
}

function startingVerb(text: string): Instruction {
  let rest = text
  for (let count = 0; count < 3; count++) {
    if (checkPhrase.test(rest)) return 'check'
    const match = word.exec(rest)
    if (!match || match.index !== 0) return undefined
    const first = match[0].toLowerCase().replace(/[’']s$/, '')
    const after = rest.slice(match[0].length)
    if (skipped.has(first)) {
      rest = after.replace(/^[\s,]+/, '')
      continue
    }
    // `Install: …` labels a definition or a topic, not an instruction.
    if (/^\s*:/.test(after)) return undefined
    return checks.has(first) ? 'check' : verbs.has(first) ? 'action' : undefined
  }
  return undefined
}

function itemText(item: ListItem): string {
  const first = item.children[0]
  return first && (first.type === 'paragraph' || first.type === 'heading') ? toString(first) : ''
}

/** `1. [Create an app](/apps/create)`: an item that links to the page holding the step. */
function startsWithLink(item: ListItem): boolean {
  const first = item.children[0]
  if (!first || first.type !== 'paragraph') return false
  const lead = first.children.find((child) => !(child.type === 'text' && child.value.trim() === ''))
  if (!lead) return false
  return lead.type === 'link' || lead.type === 'linkReference' || (isJsxElement(lead) && (lead.name === 'Link' || lead.name === 'a'))
}

/** Start of `node` to the end of its first line: the range shown for a list or a run of steps. */
function firstLine(node: Nodes, page: Page): Position | undefined {
  const start = node.position?.start.offset
  const end = node.position?.end.offset
  if (start === undefined || end === undefined) return node.position
  const newline = page.source.indexOf('\n', start)
  const lineEnd = newline === -1 || newline > end ? end : page.source[newline - 1] === '\r' ? newline - 1 : newline
  return {start: node.position!.start, end: page.toPoint(lineEnd)}
}

/** `<Steps>` already; `<Update>` entries are release notes, whose lists name changes. */
const exempt = new Set(['Steps', 'Step', 'Update'])

function isExempt(node: Nodes): boolean {
  return isJsxElement(node) && node.name !== null && node.name !== undefined && exempt.has(node.name)
}

export default defineRule({
  id: 'steps-for-procedures',
  severity: 'warn',
  summary: 'Procedures (numbered instructions, `Step 1` headings) use `<Steps>`, not plain ordered lists',
  fixable: false,
  defaults: {},
  create() {
    return function (tree, {page, report}) {
      const stepsRanges = htmlComponentRanges(tree, page, 'Steps')
      const seen = new Set<List>()
      const sections: Array<[number, number]> = []

      visitParents(tree, (node: Nodes, ancestors: Nodes[]) => {
        if (!('children' in node) || isExempt(node) || ancestors.some(isExempt)) return
        if (inRanges(stepsRanges, node.position?.start.offset)) return
        const parent = node as Parents
        // Lists under reported `Step 1` headings become the content of those steps.
        sections.push(...checkStepLabels(parent))
        checkLists(parent, ancestors)
      })

      /** Ordered lists among these children; lists split by a code block continue the numbering. */
      function checkLists(parent: Parents, ancestors: readonly Nodes[]): void {
        // A procedure nested in a reported one becomes part of its `<Step>`.
        if (ancestors.some((node) => node.type === 'list' && seen.has(node))) return
        const children = parent.children as Nodes[]
        for (let index = 0; index < children.length; index++) {
          const first = children[index]!
          if (first.type !== 'list' || !first.ordered || inRanges(sections, first.position?.start.offset)) continue
          const chain: List[] = [first]
          let next = (first.start ?? 1) + first.children.length
          for (let at = index + 1; at < children.length; at++) {
            const sibling = children[at]!
            if (sibling.type === 'list' && sibling.ordered && sibling.start === next && next > 1) {
              chain.push(sibling)
              next += sibling.children.length
              index = at
            } else if (sibling.type === 'heading' || (sibling.type === 'list' && sibling.ordered)) {
              break
            }
          }
          const items = chain.flatMap((list) => list.children)
          if (items.length < 2) continue
          const kinds = items.map((item) => instructionOf(itemText(item)))
          const instructions = kinds.filter(Boolean).length
          const checklist = kinds.filter((kind) => kind === 'check').length
          const links = items.filter(startsWithLink).length
          // The first item is an instruction and most of the others too: ranked facts and options are
          // not procedures, nor are troubleshooting checklists or lists of links to the pages of a guide.
          if (!kinds[0] || instructions * 2 <= items.length || checklist * 2 > items.length || links * 2 > items.length) continue
          for (const list of chain) seen.add(list)
          report({
            message:
              'Unexpected procedure of ' + items.length + ' numbered instructions outside `<Steps>`, expected a `<Steps>` component with one `<Step>` per instruction',
            place: firstLine(first, page)
          })
        }
      }

      /**
       * Headings or paragraphs that start with `Step 1`, `Step 2`: report each run once. Returns the
       * offsets each reported run of headings covers, up to the next heading as high as theirs.
       */
      function checkStepLabels(parent: Parents): Array<[number, number]> {
        const sections: Array<[number, number]> = []
        const children = parent.children as Nodes[]
        let run: Array<Heading | Paragraph> = []
        let previous = 0
        const flush = (): void => {
          if (run.length >= 2) {
            const first = run[0]!
            const last = run.at(-1)!
            if (first.type === 'heading' && last.type === 'heading') {
              const after = children.slice(children.indexOf(last) + 1).find((child) => child.type === 'heading' && child.depth <= last.depth)
              const end = after?.position?.start.offset ?? parent.position?.end.offset ?? Infinity
              sections.push([first.position?.start.offset ?? 0, end])
            }
            const kind = first.type === 'heading' ? 'headings' : 'paragraphs'
            report({
              message:
                'Unexpected ' + run.length + ' `Step` ' + kind + ' outside `<Steps>`, expected a `<Steps>` component with one `<Step title="…">` per step',
              place: firstLine(first, page)
            })
          }
          run = []
        }
        for (const child of children) {
          if (child.type !== 'heading' && child.type !== 'paragraph') continue
          const match = stepLabel.exec(toString(child).trimStart())
          if (!match) continue
          const number = /^\d+$/.test(match[1]!) ? Number(match[1]) : numberWords.indexOf(match[1]!.toLowerCase()) + 1
          // Numbering that starts again is a second procedure.
          if (number <= previous || (run[0] && run[0].type !== child.type)) flush()
          run.push(child)
          previous = number
        }
        flush()
        return sections
      }
    }
  }
})
