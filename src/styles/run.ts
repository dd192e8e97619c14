// Styles applied to one page: which rules are on for it (the `.vale.ini`'s sections, MinAlertLevel, the
// docs-lint config), the page's prose by scope, each rule's matches mapped back to the source, and
// Vale's `limit`, comments and actions.
import type {Root} from 'mdast'
import type {Level, Severity, Suggestion, TextEdit} from '../contract.js'
import {load, once} from '../shared/lazy.js'
import {actionEdits} from './actions.js'
import {commentControl} from './comments.js'
import {pageSettings} from './config.js'
import {formatMessage} from './format.js'
import {ruleOf, type CompiledStyles, type CompiledRule} from './compile.js'
import {proseOf, type PageProse} from './prose.js'
import {compileValeRegex} from './regex.js'
import {MappedText} from './text-map.js'
import type {StyleBlock, ValeLevel} from './types.js'

export interface StyleFinding {
  ruleId: string
  message: string
  level: Level
  url: string | undefined
  start: number
  end: number
  fix?: TextEdit[] | undefined
  suggestions?: Suggestion[] | undefined
}

export interface StylePage {
  tree: Root
  source: string
  /** The page's path relative to the `.vale.ini`'s folder, with `/`. */
  relative: string
  /** `md` or `mdx`: the last part of every block's scope, as Vale's `text.md`. */
  extension: string
  /** Severities the docs-lint config sets for style rules (`off` included). */
  severities: ReadonlyMap<string, Severity>
}

const valeToLevel: Record<ValeLevel, Level> = {suggestion: 'info', warning: 'warn', error: 'error'}
const levelRank: Record<ValeLevel, number> = {suggestion: 0, warning: 1, error: 2}

interface ActiveRule {
  compiled: CompiledRule
  level: Level
  state: Map<string, unknown>
  reported: number
}

/** The rules on for this page, with their level. */
function activeRules(styles: CompiledStyles, page: StylePage, settings: ReturnType<typeof pageSettings>): ActiveRule[] {
  const active: ActiveRule[] = []
  for (const [id, source] of styles.loaded.rules) {
    const configured = page.severities.get(id)
    if (configured === 'off') continue
    const switched = settings.rules.get(id)
    const on = switched ? switched.enabled : settings.styles.includes(id.split('.')[0]!)
    if (!on && configured === undefined) continue
    const valeLevel = switched?.level ?? source.level
    if (configured === undefined && levelRank[valeLevel] < levelRank[styles.loaded.config.minAlertLevel]) continue
    const compiled = ruleOf(styles, id)
    if (compiled) active.push({compiled, level: configured ?? valeToLevel[valeLevel], state: new Map(), reported: 0})
  }
  return active
}

/** Source ranges matched by the section's TokenIgnores and BlockIgnores (the first group, or the whole match). */
function ignoredRanges(patterns: readonly string[], source: string): Array<[number, number]> {
  const ranges: Array<[number, number]> = []
  for (const pattern of patterns) {
    let regex: RegExp
    try {
      regex = compileValeRegex(pattern)
    } catch {
      continue
    }
    for (const match of source.matchAll(new RegExp(regex.source, regex.flags.includes('d') ? regex.flags : regex.flags + 'd'))) {
      const indices = (match as RegExpMatchArray & {indices?: Array<[number, number] | undefined>}).indices
      const range = indices?.[1] ?? indices?.[0]
      if (range && range[1] > range[0]) ranges.push([range[0], range[1]])
      if (match[0] === '') break
    }
  }
  return ranges
}

const englishParser = once(() => {
  const {ParseEnglish} = load('parse-english') as typeof import('parse-english')
  return new ParseEnglish()
})

/** The sentences of a paragraph's text, as offsets, trimmed. */
function sentencesOf(text: string): Array<[number, number]> {
  const tree = englishParser().parse(text)
  const sentences: Array<[number, number]> = []
  for (const paragraph of tree.children) {
    if (paragraph.type !== 'ParagraphNode') continue
    for (const sentence of paragraph.children) {
      if (sentence.type !== 'SentenceNode') continue
      const start = sentence.position?.start.offset
      const end = sentence.position?.end.offset
      if (start === undefined || end === undefined) continue
      const part = text.slice(start, end)
      const lead = part.length - part.trimStart().length
      const trimmed = part.trim()
      if (trimmed !== '') sentences.push([start + lead, start + lead + trimmed.length])
    }
  }
  return sentences
}

interface ScopedBlock {
  block: StyleBlock
  mapped: MappedText
}

/** Every block of the page, in the order Vale lints them: a paragraph as `paragraph`, its sentences, then `text`. */
function* blocksOf(prose: PageProse, source: string, extension: string, needsSentences: boolean): Generator<ScopedBlock> {
  const suffix = '.' + extension
  for (const {scope, mapped} of prose.blocks) {
    if (scope === 'text') {
      yield {block: {text: mapped.text, scope: 'paragraph' + suffix}, mapped}
      if (needsSentences) {
        for (const [start, end] of sentencesOf(mapped.text)) {
          const sentence = mapped.slice(start, end)
          yield {block: {text: sentence.text, scope: 'sentence' + suffix}, mapped: sentence}
        }
      }
    }
    yield {block: {text: mapped.text, scope: scope + suffix}, mapped}
  }
  yield {block: {text: prose.summary.text, scope: 'summary' + suffix, metrics: prose.metrics}, mapped: prose.summary}
  const raw = new MappedText()
  raw.copy(source, 0)
  yield {block: {text: source, scope: 'raw' + suffix}, mapped: raw}
}

function overlaps(ranges: ReadonlyArray<[number, number]>, start: number, end: number): boolean {
  return ranges.some(([from, to]) => start < to && (end > from || (end === start && start >= from)))
}

/** Run the styles on one page: its findings, in source offsets. */
export function runStyles(styles: CompiledStyles, page: StylePage): StyleFinding[] {
  const settings = pageSettings(styles.loaded.config, page.relative)
  const active = activeRules(styles, page, settings)
  if (active.length === 0) return []
  const config = styles.loaded.config
  const masked = [...ignoredRanges(settings.tokenIgnores, page.source), ...ignoredRanges(settings.blockIgnores, page.source)]
  const prose = proseOf(page.tree, page.source, {ignoredScopes: new Set(config.ignoredScopes), skippedScopes: new Set(config.skippedScopes), masked})
  const control = commentControl(page.tree, page.source, settings.commentDelimiters)
  const needsSentences = active.some((rule) => rule.compiled.sentences)
  const findings: StyleFinding[] = []
  const seen = new Set<string>()
  for (const {block, mapped} of blocksOf(prose, page.source, page.extension, needsSentences)) {
    const raw = block.scope.startsWith('raw.')
    for (const rule of active) {
      if (!rule.compiled.matches(block.scope)) continue
      for (const match of rule.compiled.check.run(block, rule.state)) {
        const [start, end] = mapped.sourceRange(match.start, match.end)
        // A `raw` rule reads the markup too; what it finds in code, tags or URLs is not prose.
        if (raw && (overlaps(prose.nonProse, start, end) || overlaps(masked, start, end))) continue
        const id = rule.compiled.rule.id
        const matched = block.text.slice(match.start, match.end)
        if (control(id, matched, start)) continue
        const key = id + ':' + start
        if (seen.has(key)) continue
        seen.add(key)
        if (rule.compiled.rule.limit !== undefined && rule.reported >= rule.compiled.rule.limit) continue
        rule.reported++
        const exact = page.source.slice(start, end) === matched
        const edits = actionEdits(rule.compiled.rule.action, match.replacements, page.source, start, end, exact)
        findings.push({
          ruleId: id,
          // Vale shows a message on one line, each run of white space as one space.
          message: formatMessage(rule.compiled.rule.message || String(rule.compiled.rule.fields['description'] ?? ''), match.args).replace(/\s+/g, ' ').trim(),
          level: rule.level,
          url: rule.compiled.rule.link,
          start,
          end,
          fix: edits.fix,
          suggestions: edits.suggestions
        })
      }
    }
  }
  return findings.sort((a, b) => a.start - b.start || a.ruleId.localeCompare(b.ruleId))
}
