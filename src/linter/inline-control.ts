import type {Nodes, Parent, Root} from 'mdast'
import type {Point} from 'unist'
import type {VFile} from 'vfile'
import {SOURCE} from '../contract.js'
import {builtinMessage} from '../page/messages.js'
import {SKIP, visit} from '../shared/walk.js'
import {closestWithin, keyLimit} from '../shared/close-match.js'

/** The closest of `candidates` to `name` within a typo's reach. */
function didYouMean(name: string, candidates: Iterable<string>): string | undefined {
  return closestWithin(name, [...candidates], keyLimit(name))
}

// `docs-lint` comments turn rules off in part of a page, with the keywords users of ESLint and
// markdownlint type by habit. Each comment stands alone: a mistake in one (an unknown keyword or
// rule) is reported on it and leaves every other comment working.

export const keywords = ['disable', 'enable', 'ignore', 'disable-line', 'disable-next-line'] as const
type Keyword = (typeof keywords)[number]

interface Directive {
  keyword: Keyword
  /** Rule ids, or empty for every rule. */
  rules: string[]
  start: Point
  end: Point
  /** For `ignore`: the next block's extent. */
  next: {start: Point; end: Point} | undefined
  used: boolean
}

interface Span {
  rules: ReadonlySet<string> | undefined
  from: Point
  to: Point
  directive: Directive
}

const comment = /^\s*(?:\/\*([\s\S]*)\*\/|<!--([\s\S]*)-->)\s*$/
const far: Point = {line: Number.MAX_SAFE_INTEGER, column: Number.MAX_SAFE_INTEGER}

const before = (a: Point, b: Point) => a.line < b.line || (a.line === b.line && a.column < b.column)
const within = (point: Point, from: Point, to: Point) => !before(point, from) && before(point, to)

function inlineConfigMessage(file: VFile, reason: string, place: {start: Point; end: Point}): void {
  builtinMessage(file, 'inline-config', reason, {place, fatal: false})
}

/** The page's docs-lint comments, in order, with the unknown parts reported and dropped. */
function directivesOf(tree: Root, file: VFile, known: ReadonlySet<string>): Directive[] {
  const found: Directive[] = []
  visit(tree, (node: Nodes, index: number | undefined, parent: Parent | undefined) => {
    if (node.type !== 'mdxFlowExpression' && node.type !== 'mdxTextExpression' && node.type !== 'html') return undefined
    const match = comment.exec(node.value)
    // `docs-lint disable-next-line` or, as ESLint spells it, `docs-lint-disable-next-line`.
    const text = (match?.[1] ?? match?.[2])?.trim().replace(/^docs-lint-(?=[a-z])/, 'docs-lint ')
    if (!text || !/^docs-lint(?:\s|$)/.test(text) || !node.position) return SKIP
    const place = {start: node.position.start, end: node.position.end}
    // As in ESLint, ` -- ` starts a description of why: `docs-lint disable-next-line link-text -- a quote`.
    const directive = text.split(/\s--(?:\s|$)/)[0]!
    const [, keyword = '', ...names] = directive.split(/[\s,]+/).filter(Boolean)
    if (!(keywords as readonly string[]).includes(keyword)) {
      const guess = didYouMean(keyword, keywords)
      inlineConfigMessage(file, 'Unknown keyword `' + keyword + '` in a docs-lint comment, ' + (guess ? 'did you mean `' + guess + '`?' : 'expected ' + keywords.map((word) => '`' + word + '`').join(', ').replace(/, ([^,]*)$/, ' or $1')), place)
      return SKIP
    }
    const rules = names.filter((name) => {
      if (known.has(name)) return true
      const guess = didYouMean(name, known)
      inlineConfigMessage(file, 'Unknown rule `' + name + '` in `' + keyword + '` comment: it is not a docs-lint rule' + (guess ? ', did you mean `' + guess + '`?' : ''), place)
      return false
    })
    // A comment that names only unknown rules turns nothing off (not every rule).
    if (names.length > 0 && rules.length === 0) return SKIP
    let next: Directive['next']
    if (keyword === 'ignore' && parent && index !== undefined) {
      const sibling = parent.children.slice(index + 1).find((child) => !(child.type === 'text' && child.value.trim() === ''))
      if (sibling?.position) next = {start: sibling.position.start, end: sibling.position.end}
    }
    found.push({keyword: keyword as Keyword, rules, start: place.start, end: place.end, next, used: false})
    return SKIP
  })
  return found
}

function spansOf(directives: Directive[]): Span[] {
  const spans: Span[] = []
  const open: Array<{rules: Set<string> | undefined; from: Point; directive: Directive}> = []
  const close = (rules: string[], at: Point) => {
    for (let index = open.length - 1; index >= 0; index--) {
      const entry = open[index]!
      if (rules.length === 0) {
        spans.push({rules: entry.rules, from: entry.from, to: at, directive: entry.directive})
        open.splice(index, 1)
        continue
      }
      if (!entry.rules) continue
      const closing = rules.filter((rule) => entry.rules!.has(rule))
      if (closing.length === 0) continue
      spans.push({rules: new Set(closing), from: entry.from, to: at, directive: entry.directive})
      for (const rule of closing) entry.rules.delete(rule)
      if (entry.rules.size === 0) open.splice(index, 1)
    }
  }
  for (const directive of directives) {
    const rules = directive.rules.length > 0 ? new Set(directive.rules) : undefined
    switch (directive.keyword) {
      case 'disable':
        open.push({rules, from: directive.end, directive})
        break
      case 'enable':
        close(directive.rules, directive.start)
        // An `enable` never counts as unused: it ends what it ends, or nothing.
        directive.used = true
        break
      case 'ignore':
        if (directive.next) spans.push({rules, from: directive.next.start, to: directive.next.end, directive})
        break
      case 'disable-line':
        spans.push({rules, from: {line: directive.start.line, column: 1}, to: {line: directive.end.line + 1, column: 1}, directive})
        break
      case 'disable-next-line':
        spans.push({rules, from: {line: directive.end.line + 1, column: 1}, to: {line: directive.end.line + 2, column: 1}, directive})
        break
    }
  }
  for (const entry of open) spans.push({rules: entry.rules, from: entry.from, to: far, directive: entry.directive})
  return spans
}

/**
 * Drop the messages of rules that a docs-lint comment turns off at their place. Messages without a
 * rule of `known` (parse errors, inline-config itself) always stay. With `reportUnused`, a comment
 * that turned nothing off gets a warning, except one naming only `siteRules`, whose findings come
 * after the page is done (their probes still count as use).
 */
export function applyInlineControl(
  tree: Root,
  file: VFile,
  known: ReadonlySet<string>,
  options: {reportUnused?: boolean; siteRules?: ReadonlySet<string>} = {}
): void {
  const source = String(file.value ?? '')
  if (!source.includes('docs-lint')) return
  const directives = directivesOf(tree, file, known)
  if (directives.length === 0) return
  const spans = spansOf(directives)
  file.messages = file.messages.filter((message) => {
    if (message.source !== SOURCE || !message.ruleId || !known.has(message.ruleId)) return true
    const point = {line: message.line ?? 1, column: message.column ?? 1}
    const span = spans.find((candidate) => (!candidate.rules || candidate.rules.has(message.ruleId!)) && within(point, candidate.from, candidate.to))
    if (!span) return true
    span.directive.used = true
    return false
  })
  if (!options.reportUnused) return
  for (const directive of directives) {
    if (directive.used || (directive.rules.length > 0 && directive.rules.every((rule) => options.siteRules?.has(rule)))) continue
    inlineConfigMessage(
      file,
      'Unused `docs-lint ' + [directive.keyword, ...directive.rules].join(' ') + '` comment: no problem' + (directive.rules.length > 0 ? ' of ' + directive.rules.map((rule) => '`' + rule + '`').join(', ') : '') + ' to turn off here, expected the comment removed',
      {start: directive.start, end: directive.end}
    )
  }
}
