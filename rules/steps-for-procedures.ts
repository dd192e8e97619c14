/**
 * steps-for-procedures: a procedure the reader performs, written as a plain numbered list or as
 * `Step 1`, `Step 2` headings, belongs in `<Steps>`. This file decides what is a procedure: an
 * ordered list whose items are instructions to the reader (`shared/instructions.ts` reads each item),
 * minus lists that the sentence before them, the section they sit in or their own items show to be
 * examples, descriptions, alternatives or checklists. The rewrite into `<Steps>` is
 * `shared/steps-rewrite.ts`.
 */
import type {Heading, List, ListItem, Nodes, Paragraph, Parents, Root} from 'mdast'
import {toString} from 'mdast-util-to-string'
import {visit, visitParents} from '../src/shared/walk.js'
import {defineRule, type Report} from '../src/rule.js'
import {trimEndCharacters} from '../src/shared/text.js'
import type {Page} from '../src/page/page.js'
import {htmlComponentRanges, isJsxElement} from './shared/jsx.js'
import {firstLine, inRanges} from './shared/positions.js'
import {instructionLanguages, instructionOf, instructionOfParagraph, type Instruction} from './shared/instructions.js'
import {stepsOf} from './shared/steps-rewrite.js'
import {chainAt, continuesList, namesProductActing} from './shared/procedure-lists.js'
import {
  adviceVerbs, alternativeEndings, alternativeHeadings, alternativeLeadIns, alternativeTitles, describingHeadings, describingLeadIns, exampleLeadIns, exampleTitles, numberWords, outlineLeadIns,
  prerequisiteHeadings, stepWords, toolActions, troubleshootingTitles
} from './steps-for-procedures.data.js'

/** An item that gives advice (`Consider using…`, `Avoid…`): in English, what a best-practice list says. */
const adviceOpening = new RegExp('^(?:' + adviceVerbs.join('|') + ')\\b', 'i')
const stepLabel = new RegExp('^(?:' + stepWords.join('|') + ')[\\s-]*(\\d+|' + numberWords.join('|') + ')(?![\\p{L}\\p{N}])', 'iu')
// `### 1. Get your key`: a numbered heading, one step of a procedure written as sections.
const numberedHeading = /^(\d+)[.)]\s/
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
  // The sentence that leads into the list speaks to the reader ("you'll"), or not; the ones before it do not decide.
  const lastSentence = lastSentenceOf(text)
  if (!phrases || phrases.reader.some((phrase) => containsPhrase(lastSentence, phrase))) return false
  return phrases.ending.some((phrase) => endsWithPhrase(text, phrase)) || phrases.containing.some((phrase) => containsPhrase(lastSentence, phrase))
}

/** The last sentence of a paragraph. */
function lastSentenceOf(text: string): string {
  const starts = ['. ', '。', '！', '？', '! ', '? '].map((stop) => {
    const at = text.lastIndexOf(stop)
    return at === -1 ? 0 : at + stop.length
  })
  return text.slice(Math.max(...starts)).trimStart()
}

/** `phrase` in `text`; in Latin script, not as part of a longer word (“skill” holds no “will”). */
function containsPhrase(text: string, phrase: string): boolean {
  if (!latin.test(phrase)) return text.includes(phrase)
  return new RegExp('(?<![\\p{L}\\p{N}])' + escape(phrase) + '(?![\\p{L}\\p{N}])', 'u').test(text)
}

/** `AgentOps will automatically instrument your code`: an item about what something other than the reader does. */
function saysWhatSomethingDoes(text: string, language: string, bare: boolean): boolean {
  const firstSentence = /^[^。！？\n]*?(?:[.!?](?=\s)|[。！？\n]|$)/.exec(text)![0]
  // “Axiom AI generates a name” between two clicks; steps with images of their own stay a procedure.
  if (language === 'en' && bare && namesProductActing(firstSentence)) return true
  return (toolActions[language] ?? []).some((phrase) => containsPhrase(firstSentence.toLowerCase(), phrase))
}

/**
 * "Choose one of the following:", "You have two options:": the items are alternatives, not a
 * sequence. A sentence that names options but is itself an instruction ("Configure these options:")
 * introduces steps.
 */
function introducesAlternatives(text: string, language: string): boolean {
  const lastSentence = lastSentenceOf(text)
  if ((alternativeLeadIns[language] ?? []).some((phrase) => containsPhrase(lastSentence, phrase))) return true
  return alternativeEndings.some((phrase) => endsWithPhrase(lastSentence, phrase)) && instructionOf(lastSentence) === undefined
}

/** `1. Set an environment variable. Or…`: an item that ends with "or" offers an alternative to the next. */
function endsWithOr(text: string): boolean {
  let end = text.length
  while (end > 0 && ' \t\n.…:'.includes(text[end - 1]!)) end--
  return end >= 2 && text.slice(end - 2, end).toLowerCase() === 'or' && !letterOrDigit.test(text.charAt(end - 3))
}

/** The languages whose procedures the rule recognises: those whose instructions it can read. */
export const procedureLanguages: readonly string[] = instructionLanguages

function itemText(item: ListItem): string {
  const first = item.children[0]
  return first && (first.type === 'paragraph' || first.type === 'heading') ? toString(first) : ''
}

/** What an item asks of the reader, read from its first block. */
function itemInstruction(item: ListItem, language: string): Instruction {
  const first = item.children[0]
  return first && (first.type === 'paragraph' || first.type === 'heading') ? instructionOfParagraph(first, language) : undefined
}

/** `1. [Create an app](/apps/create)`: an item that links to the page holding the step. */
function startsWithLink(item: ListItem): boolean {
  const first = item.children[0]
  if (!first || first.type !== 'paragraph') return false
  const lead = first.children.find((child) => !(child.type === 'text' && child.value.trim() === ''))
  if (!lead) return false
  return lead.type === 'link' || lead.type === 'linkReference' || (isJsxElement(lead) && (lead.name === 'Link' || lead.name === 'a'))
}

/**
 * `<Steps>` already; `<Update>` entries are release notes, whose lists name changes; a `<Prompt>` holds
 * text to copy into an AI tool, whose "STEP 1" and numbered lists are instructions to the tool.
 */
/** Where a procedure is in `<Steps>` already. */
const procedures = new Set(['Steps', 'Step'])
/** Release notes and text for an AI tool: their lists are no reader's procedure. */
const notForTheReader = new Set(['Update', 'Prompt'])

function isExempt(node: Nodes): boolean {
  return isJsxElement(node) && node.name !== null && node.name !== undefined && (procedures.has(node.name) || notForTheReader.has(node.name) || holdsSamples(node))
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
    const alternatives = leadIn !== undefined && introducesAlternatives(leadIn, language)
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

/** How many headings deeper than `first` lie between it and the offset `end`. */
function subsections(children: readonly Nodes[], first: Heading | Paragraph, end: number): number {
  const start = first.position?.start.offset
  if (first.type !== 'heading' || start === undefined) return 0
  return children.filter((child) => {
    const at = child.position?.start.offset
    return child.type === 'heading' && child.depth > first.depth && at !== undefined && at > start && at < end
  }).length
}

/** The nearest heading before `index` among `children`, the title of the section that holds it. */
function headingBefore(children: readonly Nodes[], index: number): Heading | undefined {
  for (let at = index - 1; at >= 0; at--) {
    const child = children[at]!
    if (child.type === 'heading') return child
  }
  return undefined
}

/** What the checks of one page share: where to report, and what earlier checks found. */
interface PageCheck {
  page: Page
  tree: Root
  report: (report: Report) => void
  /** Lists reported, whose nested lists are part of their steps. */
  seen: Set<List>
  /** Offsets of `Step 1` and `### 1.` sections: lists there are the content of one step. */
  sections: Array<[number, number]>
  /** Offsets of the page's `<Steps>` components. */
  steps: Array<[number, number]>
}

/** Offsets of the `<Steps>` elements of an MDX page. */
function stepsElements(tree: Root): Array<[number, number]> {
  const ranges: Array<[number, number]> = []
  visit(tree, (node: Nodes) => {
    const start = node.position?.start.offset
    const end = node.position?.end.offset
    if (isJsxElement(node) && node.name === 'Steps' && start !== undefined && end !== undefined) ranges.push([start, end])
  })
  return ranges
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
      const check: PageCheck = {page, tree, report, seen: new Set(), sections: [], steps: [...stepsRanges, ...stepsElements(tree)]}
      visitParents(tree, (node: Nodes, ancestors: Nodes[]) => {
        if (!('children' in node) || isExempt(node) || ancestors.some(isExempt)) return
        if (inRanges(stepsRanges, node.position?.start.offset)) return
        const parent = node as Parents
        // Lists under reported `Step 1` headings, or under `### 1.` headings, are the content of those steps.
        check.sections.push(...checkStepLabels(parent, check), ...numberedSections(parent, page.language))
        checkLists(parent, ancestors, check)
      })
    }
  }
})

/**
 * How each item of the list at `index` reads (an action, a check, or neither) when the list is a
 * procedure, or undefined when it is not one.
 */
/** An item that says where the steps before it leave the reader, not a step of its own. */
const closingStatement = /^(?:you (?:can|may|should) now|now,? you (?:can|may)|you(?:'re| are) (?:now |all )?(?:done|set|ready)|that's it|done[.!])/i

function procedureOf(chain: readonly List[], children: readonly Nodes[], index: number, language: string, troubleshooting: boolean): Instruction[] | undefined {
  const items = chain.flatMap((list) => list.children)
  // Items of one paragraph each, with nothing between them: no code and no image (a nested list of
  // names, `- Secret keys - API URLs`, is still one line's worth).
  const bare = chain.length === 1 && items.every((item) => item.children.slice(1).every((child) => child.type === 'list'))
  // `1. Click **Settings > Users**. 2. Click **Delete user**.`: two lines and nothing else are a click
  // path, which `<Steps>` makes heavier, not clearer. Two steps that hold code or images are a procedure.
  if (items.length < 2 || (items.length === 2 && bare)) return undefined
  // On a troubleshooting page, two steps under an error are its fix.
  if (items.length === 2 && troubleshooting) return undefined
  const section = headingBefore(children, index)
  const title = section ? toString(section).trim() : ''
  if (contextRulesOut(leadInOf(children[index - 1]), title, items.length, language)) return undefined
  // Alternatives, not a sequence.
  if (items.slice(0, -1).some((item) => endsWithOr(itemText(item)))) return undefined
  const kinds = items.map((item) => itemInstruction(item, language))
  // Under "Prerequisites", a list names what the reader needs ("Install Redis", "Install Poetry"); it is a
  // procedure only when every item is an action and the steps carry more than their names.
  if ((prerequisiteHeadings[language] ?? []).some((pattern) => pattern.test(title)) && (bare || !kinds.every((kind) => kind === 'action'))) return undefined
  const instructions = kinds.filter(Boolean).length
  // Two bare steps and then where they leave the reader ("3. You can now unpublish the app."): a click path too.
  if (bare && instructions <= 2 && items.length === 3 && closingStatement.test(itemText(items[2]!))) return undefined
  const checklist = kinds.filter((kind) => kind === 'check').length
  const links = items.filter(startsWithLink).length
  // The first item is an instruction and most of the others too: ranked facts and options are
  // not procedures, nor are troubleshooting checklists or lists of links to the pages of a guide.
  // Three items or fewer, one of them what a tool does by itself: a note on using it, not a procedure.
  if (items.length <= 3 && items.some((item, at) => !kinds[at] && saysWhatSomethingDoes(itemText(item), language, bare))) return undefined
  // A checklist may hold a piece of advice too ("Consider…"): checks and advice together are most of it.
  const advice = items.filter((item, at) => !kinds[at] && adviceOpening.test(itemText(item))).length
  if (!kinds[0] || instructions * 2 <= items.length || (checklist + advice) * 2 > items.length || links * 2 > items.length) return undefined
  return kinds
}

/**
 * Whether the sentence before a list or the title of its section shows that the list is not a
 * procedure the reader performs: examples ("such as:"), a description ("The script will:", a section
 * "How it works"), or things to choose from or to try ("one of the following:", a section "Solutions",
 * two items under `### Option 2`).
 */
function contextRulesOut(leadIn: string | undefined, title: string, count: number, language: string): boolean {
  if (leadIn !== undefined && (introducesExamples(leadIn) || introducesDescription(leadIn, language) || introducesAlternatives(leadIn, language))) return true
  // "In this example you will:": the page's outline, whose steps are its sections.
  if (leadIn !== undefined && (outlineLeadIns[language] ?? []).some((phrase) => containsPhrase(lastSentenceOf(leadIn), phrase))) return true
  if (count === 2 && alternativeHeading.test(title)) return true
  const bareTitle = trimEndCharacters(title, ' \t.:!?…：。！？')
  return (describingHeadings[language] ?? []).some((pattern) => pattern.test(title)) || (alternativeTitles[language] ?? []).some((pattern) => pattern.test(bareTitle))
}

/** Ordered lists among these children; lists split by a code block continue the numbering. */
function checkLists(parent: Parents, ancestors: readonly Nodes[], check: PageCheck): void {
  const {page, tree, report, seen, sections} = check
  // A procedure nested in a reported one becomes part of its `<Step>`.
  if (ancestors.some((node) => node.type === 'list' && seen.has(node))) return
  const children = parent.children as Nodes[]
  const title = page.frontMatter().data?.title
  const troubleshooting = typeof title === 'string' && (troubleshootingTitles[page.language]?.test(title) ?? false)
  for (let index = 0; index < children.length; index++) {
    const first = children[index]!
    if (first.type !== 'list' || !first.ordered || inRanges(sections, first.position?.start.offset)) continue
    const {chain, last} = chainAt(children, index)
    const items = chain.flatMap((list) => list.children)
    // A list that starts at `6.` continues a procedure a callout, an image or a table split: the
    // procedure is reported where it starts, and its tail alone would renumber from 1 in `<Steps>`.
    const kinds = (first.start ?? 1) > 1 && continuesList(tree, first) ? undefined : procedureOf(chain, children, index, page.language, troubleshooting)
    index = last
    if (!kinds) continue
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
function checkStepLabels(parent: Parents, {page, report, steps}: PageCheck): Array<[number, number]> {
  const sections: Array<[number, number]> = []
  const children = parent.children as Nodes[]
  let run: Array<Heading | Paragraph> = []
  let previous = 0
  const flush = (): void => {
    if (run.length >= 2) {
      const first = run[0]!
      const last = run.at(-1)!
      const start = first.position?.start.offset ?? 0
      let end = last.position?.end.offset ?? start
      if (first.type === 'heading' && last.type === 'heading') {
        const after = children.slice(children.indexOf(last) + 1).find((child) => child.type === 'heading' && child.depth <= last.depth)
        end = after?.position?.start.offset ?? parent.position?.end.offset ?? Infinity
        sections.push([start, end])
      }
      // `### Step 1: Create the app` over a `<Steps>` of its own: the headings are stages, each holding
      // a procedure already; wrapping them in `<Steps>` would nest one in the other. Steps whose
      // sections hold two subsections each or more are chapters of a long guide, not steps.
      if (steps.some(([from]) => from >= start && from < end) || subsections(children, first, end) >= 2 * run.length) {
        run = []
        return
      }
      const kind = first.type === 'heading' ? 'headings' : 'paragraphs'
      report({
        message: 'Unexpected ' + run.length + ' `Step` ' + kind + ' outside `<Steps>`, expected a `<Steps>` component with one `<Step title="…">` per step',
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

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
