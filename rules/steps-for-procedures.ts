import type {Heading, List, ListItem, Nodes, Paragraph, Parents, PhrasingContent, Root, Text} from 'mdast'
import {toString} from 'mdast-util-to-string'
import {visit, visitParents} from '../src/walk.js'
import {trimEndCharacters} from '../src/text.js'
import {VFile} from 'vfile'
import {defineRule, type TextEdit} from '../src/rule.js'
import type {Page} from '../src/page.js'
import {parseFailureOf, parsePage} from '../src/parse.js'
import {anchorText, headingSlug} from '../src/site/slug.js'
import {htmlComponentRanges, isJsxElement} from './shared/jsx.js'
import {firstLine, inRanges} from './shared/positions.js'
import {
  abbreviations, alternativeEndings, alternativeHeadings, alternativeLeadIns, checkPhrases, chineseCheckVerbs, chineseConditionEnds, chineseLeadIns, chineseOutcomes, chineseVerbs,
  describingLeadIns, exampleLeadIns, exampleTitles, imperativeVerbsByLanguage, japaneseCheckVerbs, japaneseEndings, japaneseVerbs,
  koreanCheckVerbs, koreanEndings, koreanVerbForms, koreanVerbs, numberWords, stepWords, toolActions
} from './steps-for-procedures.data.js'

const stepLabel = new RegExp('^(?:' + stepWords.join('|') + ')[\\s-]*(\\d+|' + numberWords.join('|') + ')(?![\\p{L}\\p{N}])', 'iu')
// `### 1. Get your key`: a numbered heading, one step of a procedure written as sections.
const numberedHeading = /^(\d+)[.)]\s/
const checkPhrase = new RegExp('^(?:' + checkPhrases.join('|') + ')\\b', 'i')
const word = /[\p{L}][\p{L}'’-]*/u
// `Add zip functionality (#825)`: a release note names a change, it asks nothing of the reader.
const releaseNote = /#\d+\)?\.?\s*$/
const letterOrDigit = /[\p{L}\p{N}]/u
const latin = /\p{Script=Latin}/u
const alternativeHeading = new RegExp('^(?:' + alternativeHeadings.join('|') + ')\\s*(?:\\d+|[a-z])\\b', 'i')
const exampleTitle = new RegExp('^(?:' + exampleTitles.join('|') + ')', 'i')

/** The lower-cased sentence before a list, without its colon. */
function leadInOf(previous: Nodes | undefined): string | undefined {
  if (previous?.type !== 'paragraph') return undefined
  return toString(previous).trimEnd().replace(/[:：]$/, '').trimEnd().toLowerCase()
}

function endsWithPhrase(text: string, phrase: string): boolean {
  return text.endsWith(phrase) && !(latin.test(phrase) && letterOrDigit.test(text.charAt(text.length - phrase.length - 1)))
}

/** The paragraph right before a list ends with "such as:", "for example:": the list holds examples. */
function introducesExamples(text: string): boolean {
  return exampleLeadIns.some((phrase) => endsWithPhrase(text, phrase))
}

/** "The script will:", `一个工作流可能包含以下步骤：`: the list says what something else does, not what the reader does. */
function introducesDescription(text: string, language: string): boolean {
  const phrases = describingLeadIns[language]
  if (!phrases || phrases.reader.some((phrase) => containsPhrase(text, phrase))) return false
  const lastSentence = text.slice(Math.max(...['. ', '。', '！', '？', '! ', '? '].map((stop) => text.lastIndexOf(stop) + stop.length), 0))
  return phrases.ending.some((phrase) => endsWithPhrase(text, phrase)) || phrases.containing.some((phrase) => containsPhrase(lastSentence, phrase))
}

/** `phrase` in `text`; in Latin script, not as part of a longer word (“skill” holds no “will”). */
function containsPhrase(text: string, phrase: string): boolean {
  if (!latin.test(phrase)) return text.includes(phrase)
  return new RegExp('(?<![\\p{L}\\p{N}])' + escape(phrase) + '(?![\\p{L}\\p{N}])', 'u').test(text)
}

/** `AgentOps will automatically instrument your code`: an item about what something other than the reader does. */
function saysWhatSomethingDoes(text: string, language: string): boolean {
  const firstSentence = /^[^。！？\n]*?(?:[.!?](?=\s)|[。！？\n]|$)/.exec(text)![0].toLowerCase()
  return (toolActions[language] ?? []).some((phrase) => containsPhrase(firstSentence, phrase))
}

/**
 * "Choose one of the following:", "You have two options:": the items are alternatives, not a
 * sequence. A sentence that names options but is itself an instruction ("Configure these options:")
 * introduces steps.
 */
function introducesAlternatives(text: string): boolean {
  const lastSentence = text.slice(Math.max(text.lastIndexOf('. ') + 1, 0)).trimStart()
  if (alternativeLeadIns.some((phrase) => new RegExp('(?:^|[^\\p{L}])' + phrase + '(?![\\p{L}])', 'u').test(lastSentence))) return true
  return alternativeEndings.some((phrase) => endsWithPhrase(lastSentence, phrase)) && instructionOf(lastSentence) === undefined
}

/** `1. Set an environment variable. Or…`: an item that ends with "or" offers an alternative to the next. */
function endsWithOr(text: string): boolean {
  let end = text.length
  while (end > 0 && ' \t\n.…:'.includes(text[end - 1]!)) end--
  return end >= 2 && text.slice(end - 2, end).toLowerCase() === 'or' && !letterOrDigit.test(text.charAt(end - 3))
}

/** What an item asks: an action ("Click **Save**"), a check ("Verify the token"), or nothing. */
export type Instruction = 'action' | 'check' | undefined

/** How a language's items are read: the languages the rule knows, each with its recogniser. */
const recognisers: Readonly<Record<string, (text: string) => Instruction>> = {
  ...Object.fromEntries(Object.entries(imperativeVerbsByLanguage).map(([language, lists]) => [language, verbFirst(lists)])),
  zh: chineseInstruction,
  ja: verbLast({verbs: japaneseVerbs, checks: japaneseCheckVerbs, endings: japaneseEndings, forms: [], bare: 'を'}),
  ko: verbLast({verbs: koreanVerbs, checks: koreanCheckVerbs, endings: koreanEndings, forms: koreanVerbForms, bare: ''})
}

/** The languages whose procedures the rule recognises. */
export const procedureLanguages: readonly string[] = Object.keys(recognisers)

/** How the text of an item in `language` starts or ends: with an instruction to the reader, or not. */
export function instructionOf(text: string, language = 'en'): Instruction {
  const trimmed = text.trimStart()
  if (releaseNote.test(trimmed)) return undefined
  return (recognisers[language] ?? recognisers['en']!)(trimmed)
}

/** Languages that put the verb first: the item starts with an imperative verb, perhaps after "Then" or "In Settings,". */
function verbFirst(lists: {verbs: readonly string[]; checks: readonly string[]; leadIns: readonly string[]}): (text: string) => Instruction {
  const vocabulary = {verbs: new Set(lists.verbs), checks: new Set(lists.checks), leadIns: new Set(lists.leadIns)}
  return (text) => {
    const first = startingVerb(text, vocabulary)
    if (first) return first
    // "In the sidebar, click **Settings**": a short lead-in phrase, then the verb.
    const comma = text.indexOf(',')
    if (comma === -1 || comma > 60 || /[.!?:]/.test(text.slice(0, comma))) return undefined
    return startingVerb(text.slice(comma + 1).trimStart(), vocabulary)
  }
}

function startingVerb(text: string, vocabulary: {verbs: ReadonlySet<string>; checks: ReadonlySet<string>; leadIns: ReadonlySet<string>}): Instruction {
  let rest = text
  for (let count = 0; count < 3; count++) {
    if (checkPhrase.test(rest)) return 'check'
    const match = word.exec(rest)
    if (!match || match.index !== 0) return undefined
    const first = match[0].toLowerCase().replace(/[’']s$/, '')
    const after = rest.slice(match[0].length)
    if (vocabulary.leadIns.has(first)) {
      rest = after.replace(/^[\s,]+/, '')
      continue
    }
    // `Install: …` labels a definition or a topic, not an instruction.
    if (/^\s*:/.test(after)) return undefined
    return vocabulary.checks.has(first) ? 'check' : vocabulary.verbs.has(first) ? 'action' : undefined
  }
  return undefined
}

const chineseStart = new RegExp(
  '^(?:(?:' + chineseLeadIns.map(escape).join('|') + ')[，,、\\s]*)*' +
    // `在 Load Image 节点中加载…`, `在设置页面，点击…`: a place before the verb.
    '(?:在[^，,。；]{1,40}?(?:中|里|内|上|下|处|页面|界面)[，,\\s]*)?' +
    '(?:(' + chineseCheckVerbs.map(escape).join('|') + ')|(' + chineseVerbs.map(escape).join('|') + '))'
)

const chineseOutcome = new RegExp('^(?:' + chineseOutcomes.map(escape).join('|') + ')')
const chineseCondition = new RegExp('^[^，,。；;]{1,40}?(?:' + chineseConditionEnds.map(escape).join('|') + ')[，,]\\s*')

function chineseInstruction(text: string): Instruction {
  // `点击发布后，你会发现…`: a condition, then what the reader will see, asks nothing of them.
  const condition = chineseCondition.exec(text)
  if (condition && chineseOutcome.test(text.slice(condition[0].length))) return undefined
  const match = chineseStart.exec(text)
  return !match ? undefined : match[1] ? 'check' : 'action'
}

/**
 * Languages that put the verb last: the item's first sentence ends with a verb in a polite or request
 * form, or, after the object particle `bare` (Japanese `を`), with the verb alone (`画像を生成`). An
 * item that starts with a label and a colon (`**テキスト→画像**：…を生成します`) is judged by its label.
 */
function verbLast(language: {verbs: readonly string[]; checks: readonly string[]; endings: readonly string[]; forms: readonly string[]; bare: string}): (text: string) => Instruction {
  const verb = '(?:(' + language.checks.map(escape).join('|') + ')|' + language.verbs.map(escape).join('|') + ')'
  const patterns = [
    new RegExp(verb + '(?:' + language.endings.map(escape).join('|') + ')$'),
    ...(language.bare === '' ? [] : [new RegExp(escape(language.bare) + verb + '$')]),
    ...(language.forms.length === 0 ? [] : [new RegExp('(?:' + language.forms.map(escape).join('|') + ')$')])
  ]
  return (text) => {
    // The first sentence, without its full stop and a closing aside such as `（任意）`.
    let sentence = /^[^。．！!？?\n]*?(?:[.](?=\s)|[。．！!？?\n]|$)/.exec(text)![0]
    const label = /^([^:：]{1,40})[:：]\s*\S/.exec(sentence)
    if (label) sentence = label[1]!
    sentence = withoutClosingAside(trimEndCharacters(sentence, sentenceEnds))
    const match = patterns.map((pattern) => pattern.exec(sentence)).find(Boolean)
    return !match ? undefined : match[1] ? 'check' : 'action'
  }
}

/** What ends a first sentence before its verb is read: full stops, colons and white space. */
const sentenceEnds = '。．.！!？?:： \t\n\r\u00a0\u3000'

/** `…してください（任意）` without its closing aside, `（任意）` or `(optional)`. */
function withoutClosingAside(sentence: string): string {
  const last = sentence.at(-1)
  if (last !== ')' && last !== '）') return sentence
  const open = Math.max(sentence.lastIndexOf('('), sentence.lastIndexOf('（'))
  if (open === -1 || /[()（）]/.test(sentence.slice(open + 1, -1))) return sentence
  return trimEndCharacters(sentence.slice(0, open), ' \t\n\r\u00a0\u3000')
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
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

/** `<Steps>` already; `<Update>` entries are release notes, whose lists name changes. */
const exempt = new Set(['Steps', 'Step', 'Update'])

function isExempt(node: Nodes): boolean {
  return isJsxElement(node) && node.name !== null && node.name !== undefined && (exempt.has(node.name) || holdsSamples(node))
}

/** `<Accordion title="Example: setup steps">`: its lists are sample text, not instructions to the reader. */
function holdsSamples(node: Nodes): boolean {
  if (!isJsxElement(node)) return false
  return node.attributes.some(
    (attribute) => attribute.type === 'mdxJsxAttribute' && attribute.name === 'title' && typeof attribute.value === 'string' && exampleTitle.test(attribute.value.trim())
  )
}

/**
 * Runs of two or more headings of one level numbered `1.`, `2.`… (`### 1. Get your key`): a procedure
 * written as sections. Returns the offsets each run covers, up to the next
 * heading higher than theirs; lists there are the content of one step.
 */
function numberedSections(parent: Parents, language: string): Array<[number, number]> {
  const sections: Array<[number, number]> = []
  const children = parent.children as Nodes[]
  let run: Heading[] = []
  const flush = (): void => {
    const last = run.at(-1)
    // "There are two ways to import:" then `### 1. Import from a file`: alternatives, each a procedure of its own.
    const leadIn = run[0] ? leadInOf(children[children.indexOf(run[0]) - 1]) : undefined
    const alternatives = leadIn !== undefined && introducesAlternatives(leadIn)
    // Numbered sections are steps whether their titles are instructions or names (`### 1. Model files`).
    if (run.length >= 2 && last && !alternatives) {
      const after = children.slice(children.indexOf(last) + 1).find((child) => child.type === 'heading' && child.depth < last.depth)
      sections.push([run[0]!.position?.start.offset ?? 0, after?.position?.start.offset ?? parent.position?.end.offset ?? Infinity])
    }
    run = []
  }
  for (const child of children) {
    if (child.type !== 'heading') continue
    const number = numberedHeading.exec(toString(child).trimStart())
    const depth = run[0]?.depth
    if (depth !== undefined && child.depth > depth) continue
    if (number && Number(number[1]) === run.length + 1 && (depth === undefined || child.depth === depth)) {
      run.push(child)
      continue
    }
    flush()
    if (number && Number(number[1]) === 1) run.push(child)
  }
  flush()
  return sections
}

/** The nearest heading before `index` among `children`, the title of the section that holds it. */
function headingBefore(children: readonly Nodes[], index: number): Heading | undefined {
  for (let at = index - 1; at >= 0; at--) {
    const child = children[at]!
    if (child.type === 'heading') return child
  }
  return undefined
}

export default defineRule({
  id: 'steps-for-procedures',
  severity: 'warn',
  summary: 'Procedures (numbered instructions, `Step 1` headings) use `<Steps>`, not plain ordered lists',
  fixable: true,
  conventions: [{id: 'use-steps', coverage: 'full'}],
  languages: procedureLanguages,
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
        // Lists under reported `Step 1` headings, or under `### 1.` headings, are the content of those steps.
        sections.push(...checkStepLabels(parent), ...numberedSections(parent, page.language))
        checkLists(parent, ancestors)
      })

      /** Ordered lists among these children; lists split by a code block continue the numbering. */
      function checkLists(parent: Parents, ancestors: readonly Nodes[]): void {
        // A procedure nested in a reported one becomes part of its `<Step>`.
        if (ancestors.some((node) => node.type === 'list' && seen.has(node))) return
        const children = parent.children as Nodes[]
        for (let index = 0; index < children.length; index++) {
          const first = children[index]!
          const before = children[index - 1]
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
          const leadIn = leadInOf(before)
          if (items.length < 2) continue
          if (leadIn !== undefined && (introducesExamples(leadIn) || introducesDescription(leadIn, page.language) || introducesAlternatives(leadIn))) continue
          // Alternatives, not a sequence; two items under `### Option 2` are one of several short answers.
          if (items.slice(0, -1).some((item) => endsWithOr(itemText(item)))) continue
          const section = headingBefore(children, index)
          if (items.length === 2 && section && alternativeHeading.test(toString(section).trimStart())) continue
          const kinds = items.map((item) => instructionOf(itemText(item), page.language))
          const instructions = kinds.filter(Boolean).length
          const checklist = kinds.filter((kind) => kind === 'check').length
          const links = items.filter(startsWithLink).length
          // The first item is an instruction and most of the others too: ranked facts and options are
          // not procedures, nor are troubleshooting checklists or lists of links to the pages of a guide.
          // Three items or fewer, one of them what a tool does by itself: a note on using it, not a procedure.
          if (items.length <= 3 && items.some((item, at) => !kinds[at] && saysWhatSomethingDoes(itemText(item), page.language))) continue
          if (!kinds[0] || instructions * 2 <= items.length || checklist * 2 > items.length || links * 2 > items.length) continue
          for (const list of chain) seen.add(list)
          // Only a list every item of which is an instruction is rewritten; one that also states facts is left to the writer.
          const steps = kinds.every(Boolean) ? stepsOf(chain, children, page, tree) : undefined
          report({
            message:
              'Unexpected procedure of ' + items.length + ' numbered instructions outside `<Steps>`, expected a `<Steps>` component with one `<Step>` per instruction',
            place: firstLine(first, page),
            fix: steps?.faithful ? steps.edits : undefined,
            suggestions: steps && !steps.faithful ? [{description: steps.description, edits: steps.edits}] : undefined
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

const abbreviation = new Set(abbreviations)
// A value inside `title="…"` that MDX would read differently: a quote ends it, an entity is decoded.
const unsafeTitle = /["\n]|&(?:#\d+|#x[\da-f]+|[a-z][a-z\d]*);/i

interface Step {
  title: string
  /** Lines of the body, without the item's indentation. */
  body: string[]
  /** What the re-parsed step must hold: the text after the title, white space removed, and its blocks' shapes. */
  text: string
  shapes: string[]
  /**
   * The title holds the words of the item's first sentence as written: plain text, or a bold label
   * (`**Publish**:`, which a title shows as the step's name). Otherwise the title is a plain copy
   * and the whole item, its code, emphasis and links, stays in the body.
   */
  faithful: boolean
}

/**
 * The ordered lists of `chain` as `<Steps>` with one `<Step title="…">` per item: the title is the
 * item's first sentence, the body the rest of the item. Blocks between two lists of a chain (the
 * code block that split them) go to the step before. `faithful` when every title holds its sentence
 * as written and takes no later heading's anchor; otherwise the rewrite is only fit to offer, as `description` says. Undefined when a title cannot be written as
 * a plain attribute, or the result would not parse as the same steps.
 */
function stepsOf(chain: readonly List[], siblings: readonly Nodes[], page: Page, tree: Root): {edits: TextEdit[]; faithful: boolean; description: string} | undefined {
  if (page.kind !== 'mdx' || (chain[0]!.start ?? 1) !== 1) return undefined
  const source = page.source
  const start = chain[0]!.position?.start.offset
  const end = chain.at(-1)!.position?.end.offset
  if (start === undefined || end === undefined) return undefined
  const indent = source.slice(source.lastIndexOf('\n', start - 1) + 1, start)
  // Inside a block quote or on a list marker's line, the lines carry markers a re-indent would break.
  if (!/^ *$/.test(indent)) return undefined
  const steps: Step[] = []
  let previousEnd: number | undefined
  for (const list of chain) {
    const listStart = list.position?.start.offset
    if (listStart === undefined) return undefined
    if (previousEnd !== undefined) {
      const between = dedent(source.slice(previousEnd, listStart).split(/\r?\n/).slice(1), indent.length)
      if (between === undefined) return undefined
      const last = steps.at(-1)!
      last.body.push(...(last.body.length > 0 ? [''] : []), ...trimBlankLines(between))
      const blocks = siblings.slice(siblings.indexOf(chain[chain.indexOf(list) - 1]!) + 1, siblings.indexOf(list))
      last.text += blocks.map((block) => compact(toString(block))).join('')
      last.shapes.push(...blocks.map(shape))
    }
    for (const item of list.children) {
      const step = stepOf(item, source)
      if (!step) return undefined
      steps.push(step)
    }
    previousEnd = list.position?.end.offset
  }
  let text = '<Steps>\n'
  for (const step of steps) {
    const body = trimBlankLines(step.body)
    if (body.length === 0) {
      text += indent + '  <Step title="' + step.title + '" />\n'
      continue
    }
    text += indent + '  <Step title="' + step.title + '">\n'
    for (const line of body) text += (line === '' ? '' : indent + '    ' + line) + '\n'
    text += indent + '  </Step>\n'
  }
  text += indent + '</Steps>'
  if (!parsesAsSteps(indent + text, steps, definitionsOf(tree, source))) return undefined
  // A step's title is an anchor too: one that a later heading also makes would renumber that heading's.
  const later = anchorsAfter(tree, end)
  const taken = steps.map((step) => headingSlug(step.title)).find((anchor) => later.has(anchor))
  const edits = [{start, end, text}]
  if (taken !== undefined) {
    return {edits, faithful: false, description: 'Rewrite the list as `<Steps>` (a step title takes the anchor `#' + taken + '` from a later heading, whose anchor becomes `#' + taken + '-2`: update the links to it)'}
  }
  if (steps.every((step) => step.faithful)) return {edits, faithful: true, description: ''}
  return {edits, faithful: false, description: 'Rewrite the list as `<Steps>`, each item kept whole in its step under a plain title'}
}

/** The anchors that headings and step titles after `offset` make from their text. */
function anchorsAfter(tree: Root, offset: number): Set<string> {
  const anchors = new Set<string>()
  visit(tree, (node: Nodes) => {
    if ((node.position?.start.offset ?? 0) < offset) return
    if (node.type === 'heading' && node.depth <= 4 && node.data?.id === undefined) anchors.add(headingSlug(anchorText(node.children)!))
    if (isJsxElement(node) && node.name && (/^h[1-4]$/.test(node.name) || node.name === 'Heading')) anchors.add(headingSlug(anchorText(node.children as PhrasingContent[])!))
    if (isJsxElement(node) && node.name === 'Step') {
      const title = node.attributes.find((attribute) => attribute.type === 'mdxJsxAttribute' && attribute.name === 'title')?.value
      if (typeof title === 'string') anchors.add(headingSlug(title))
    }
  })
  return anchors
}

/** An item as a step, or undefined when its first sentence holds what no title can show (an element, an expression, a line break). */
function stepOf(item: ListItem, source: string): Step | undefined {
  const paragraph = item.children[0]
  const itemEnd = item.position?.end.offset
  if (item.checked !== null && item.checked !== undefined) return undefined
  if (paragraph?.type !== 'paragraph' || itemEnd === undefined) return undefined
  const contentStart = paragraph.position?.start.offset
  const paragraphEnd = paragraph.position?.end.offset
  if (contentStart === undefined || paragraphEnd === undefined) return undefined
  const contentColumn = contentStart - (source.lastIndexOf('\n', contentStart - 1) + 1)

  let title = ''
  let titleEnd = paragraphEnd
  let faithful = true
  const label = labelOf(paragraph.children, source)
  if (label) {
    title = label.title
    titleEnd = label.end
    faithful = label.faithful
  }
  // Words in text nodes, and the formatted nodes, of the first sentence.
  let plainWords = ''
  const formatted: PhrasingContent[] = []
  for (const child of label ? [] : paragraph.children) {
    if (child.type === 'text') {
      const boundary = sentenceEnd(child.value)
      if (boundary !== undefined) {
        const offset = sourceOffset(child, boundary, source)
        if (offset === undefined) return undefined
        title += child.value.slice(0, boundary)
        plainWords += child.value.slice(0, boundary)
        titleEnd = offset
        break
      }
      plainWords += child.value
    } else if (!isTitleText(child)) {
      // An element, an expression, an image or a line break has no plain text to show.
      return undefined
    } else {
      formatted.push(child)
    }
    title += toString(child)
  }
  // Inline code, emphasis and links are lost in a plain attribute; a sentence that is bold as a whole
  // (`**Upload the files**`) is not, since a title shows as bold.
  const wholeBold = formatted.length === 1 && formatted[0] === paragraph.children[0] && isBoldWords(formatted[0]!) && !/[\p{L}\p{N}]/u.test(plainWords)
  if (formatted.length > 0 && !wholeBold) faithful = false
  title = title.replace(/\s+/g, ' ').trim()
  // The sentence's final `.`, or the `:` before the rest of the item, is not part of the title (no
  // step title ends with one); the `.` of `etc.` is.
  const dropped = /[.:]$/.test(title) && !endsWithAbbreviation(title) ? title.slice(-1) : ''
  title = title.slice(0, title.length - dropped.length).trimEnd()
  if (title === '' || unsafeTitle.test(title)) return undefined

  if (!faithful) {
    // The title is a plain copy of the first sentence; the body keeps the item as written.
    const [first = '', ...lines] = source.slice(contentStart, itemEnd).split(/\r?\n/)
    const body = dedent(lines, contentColumn)
    if (body === undefined) return undefined
    return {title, body: [first.trim(), ...body], text: compact(toString(item)), shapes: item.children.map(shape), faithful}
  }

  const [rest = '', ...lines] = source.slice(titleEnd, itemEnd).split(/\r?\n/)
  const body = dedent(lines, contentColumn)
  if (body === undefined) return undefined
  // What follows the title: the `.` or `:` it dropped aside, the item's text is all in the step.
  const itemText = compact(toString(item))
  if (!itemText.startsWith(compact(title) + dropped)) return undefined
  const text = itemText.slice(compact(title).length + dropped.length)
  const restOfParagraph = source.slice(titleEnd, paragraphEnd).trim() !== ''
  const shapes = [...(restOfParagraph ? ['paragraph'] : []), ...item.children.slice(1).map(shape)]
  return {title, body: rest.trim() === '' ? body : [rest.trim(), ...body], text, shapes, faithful}
}

/**
 * `**Publish**: Get a link…` or `**Publish:** Get a link…`: a bold label names the step; its colon is
 * dropped with the title's final `:`. `faithful` when the label is plain words in bold.
 */
function labelOf(children: readonly PhrasingContent[], source: string): {title: string; end: number; faithful: boolean} | undefined {
  const [lead, next] = children
  if (lead?.type !== 'strong' || !isTitleText(lead) || next?.type !== 'text') return undefined
  const faithful = isBoldWords(lead)
  const text = toString(lead).trim()
  const leadEnd = lead.position?.end.offset
  if (text.endsWith(':') && leadEnd !== undefined) return {title: text, end: leadEnd, faithful}
  const colon = /^[ \t]*:/.exec(next.value)
  const end = colon ? sourceOffset(next, colon[0].length, source) : undefined
  return end === undefined ? undefined : {title: text + ':', end, faithful}
}

/** Inline nodes whose words a plain title can show: text, code, emphasis and links. */
const titleTextTypes = new Set(['text', 'emphasis', 'strong', 'delete', 'inlineCode', 'link', 'linkReference'])

function isTitleText(node: PhrasingContent): boolean {
  return titleTextTypes.has(node.type) && (!('children' in node) || node.children.every(isTitleText))
}

/** `**Upload the files**`: bold plain text, which a step title shows as it is. */
function isBoldWords(node: PhrasingContent): boolean {
  return node.type === 'strong' && node.children.every((child) => child.type === 'text')
}

function endsWithAbbreviation(title: string): boolean {
  let start = title.length
  while (start > 0 && /[\p{L}.]/u.test(title[start - 1]!)) start--
  return abbreviation.has(title.slice(start).toLowerCase())
}

/** Index just after the `.`, `!` or `?` that ends the first sentence of `text`, if it ends there. */
function sentenceEnd(text: string): number | undefined {
  for (const match of text.matchAll(/[.!?](?=\s|$)/g)) {
    let wordStart = match.index
    while (wordStart > 0 && /[\p{L}.]/u.test(text[wordStart - 1]!)) wordStart--
    // `e.g.` and `etc.` do not end a sentence.
    if (match[0] === '.' && abbreviation.has(text.slice(wordStart, match.index + 1).toLowerCase())) continue
    return match.index + 1
  }
  return undefined
}

/** The page offset of `index` in a text node's value, which may differ from its source by escapes and indentation. */
function sourceOffset(node: Text, index: number, source: string): number | undefined {
  const start = node.position?.start.offset
  const end = node.position?.end.offset
  if (start === undefined || end === undefined) return undefined
  if (source.slice(start, end) === node.value) return start + index
  let cursor = start
  for (const character of node.value.slice(0, index)) {
    const found = source.indexOf(character, cursor)
    if (found === -1 || found >= end) return undefined
    cursor = found + character.length
  }
  return cursor
}

/**
 * Remove the indentation of an item's blocks: at least `columns` spaces (the marker's width), more
 * when every block sits deeper, as nested lists often do. Lines further left are lazy continuations
 * of a paragraph and lose all of theirs. Tabs are left to a human.
 */
function dedent(lines: readonly string[], columns: number): string[] | undefined {
  let strip = Infinity
  for (const line of lines) {
    if (line.trim() === '') continue
    const leading = /^[ \t]*/.exec(line)![0]
    if (leading.includes('\t')) return undefined
    if (leading.length >= columns) strip = Math.min(strip, leading.length)
  }
  if (strip === Infinity) strip = columns
  return lines.map((line) => (line.trim() === '' ? '' : line.slice(Math.min(strip, /^ */.exec(line)![0].length))))
}

function trimBlankLines(lines: readonly string[]): string[] {
  let from = 0
  let to = lines.length
  while (from < to && lines[from] === '') from++
  while (to > from && lines[to - 1] === '') to--
  return lines.slice(from, to)
}

/**
 * The replacement must parse as one `<Steps>` holding our steps, with the titles we wrote, and each
 * step must hold what its item held: the same text (white space and the title's formatting aside)
 * in blocks of the same kinds, so re-indenting changed no list, code block or paragraph.
 */
function parsesAsSteps(text: string, steps: readonly Step[], definitions: string): boolean {
  const file = new VFile({value: text + definitions, path: 'steps.mdx'})
  const tree = parsePage(file)
  const blocks = tree.children.filter((node) => node.type !== 'definition' && node.type !== 'footnoteDefinition')
  if (parseFailureOf(file) || blocks.length !== 1) return false
  const element = blocks[0]!
  if (!isJsxElement(element) || element.name !== 'Steps' || element.children.length !== steps.length) return false
  return element.children.every((child, index) => {
    const step = steps[index]!
    if (!isJsxElement(child) || child.name !== 'Step') return false
    if (!child.attributes.some((attribute) => attribute.type === 'mdxJsxAttribute' && attribute.name === 'title' && attribute.value === step.title)) return false
    return compact(toString(child)) === step.text && child.children.map(shape).join() === step.shapes.join()
  })
}

/**
 * The page's one-line link and footnote definitions, which `[text][ref]` in a step needs to parse as
 * it does in the page. A definition over several lines is left out: a step using it fails the check.
 */
function definitionsOf(tree: Root, source: string): string {
  let definitions = ''
  visit(tree, (node: Nodes) => {
    if (node.type !== 'definition' && node.type !== 'footnoteDefinition') return
    const text = source.slice(node.position?.start.offset ?? 0, node.position?.end.offset ?? 0)
    if (text !== '' && !text.includes('\n')) definitions += '\n\n' + text
  })
  return definitions
}

function compact(text: string): string {
  return text.replace(/\s+/g, '')
}

/** A block's kind and the kinds of the blocks it holds: `list[listItem[paragraph,code]]`. */
function shape(node: Nodes): string {
  if (node.type === 'paragraph' || node.type === 'heading' || !('children' in node)) return node.type
  return node.type + '[' + (node.children as Nodes[]).map(shape).join(',') + ']'
}
