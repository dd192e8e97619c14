import type {Nodes, Root} from 'mdast'
import type {VFile} from 'vfile'
import {SOURCE} from '../contract.js'
import {ruleFor} from '../../rules/index.js'
import {visit} from '../shared/walk.js'

// Sites that come from Vale or markdownlint mark their decisions with those tools' comments:
// `{/* vale off */}` … `{/* vale on */}`, `<!-- markdownlint-disable MD040 -->`. docs-lint honours them
// for the rules that check the same things, each rule saying in its metadata which those are.

/** Rules a Vale comment turns off: the ones that read prose, as Vale's styles do. */
function valeRules(enabled: ReadonlySet<string>): string[] {
  return [...enabled].filter((id) => ruleFor(id)?.thirdParty?.vale)
}

/** Rules a markdownlint comment naming `names` turns off (every such rule and the prose rules when none is named). */
function markdownlintRules(names: string[], enabled: ReadonlySet<string>): string[] {
  const wanted = new Set(names.map((name) => name.toLowerCase()))
  return [...enabled].filter((id) => {
    const thirdParty = ruleFor(id)?.thirdParty
    if (!thirdParty) return false
    if (wanted.size === 0) return thirdParty.vale === true || (thirdParty.markdownlint?.length ?? 0) > 0
    return thirdParty.markdownlint?.some((name) => wanted.has(name.toLowerCase())) ?? false
  })
}

interface Directive {
  line: number
  text: string
}

const commentText = /^\s*(?:\/\*([\s\S]*)\*\/|<!--([\s\S]*)-->)\s*$/

/** Vale and markdownlint comments on the page, in order: MDX `{/* … *\/}` and HTML `<!-- … -->`. */
function directivesOf(tree: Root): Directive[] {
  const found: Directive[] = []
  visit(tree, (node: Nodes) => {
    if (node.type !== 'mdxFlowExpression' && node.type !== 'mdxTextExpression' && node.type !== 'html') return undefined
    const match = commentText.exec(node.value)
    const text = (match?.[1] ?? match?.[2])?.trim()
    if (text && /^(?:vale|markdownlint)\b/.test(text) && node.position) found.push({line: node.position.start.line, text})
    return undefined
  })
  return found
}

type Span = [ruleId: string, fromLine: number, toLine: number]

/** Line spans where each rule is off, from the page's Vale and markdownlint comments. */
function spansOf(directives: Directive[], enabled: ReadonlySet<string>): Span[] {
  const spans: Span[] = []
  const openSince = new Map<string, number>()
  const off = (ids: string[], line: number) => {
    for (const id of ids) if (!openSince.has(id)) openSince.set(id, line)
  }
  const on = (ids: string[], line: number) => {
    for (const id of ids) {
      const since = openSince.get(id)
      if (since === undefined) continue
      spans.push([id, since, line])
      openSince.delete(id)
    }
  }
  const captured: Array<Map<string, number>> = []
  for (const {line, text} of directives) {
    const [keyword = '', ...rest] = text.split(/\s+/)
    const names = rest.filter((word) => /^[\w-]+$/.test(word))
    if (keyword === 'vale') {
      // `vale off` / `vale on`; `vale Style.Rule = NO` names a Vale rule docs-lint has no counterpart for.
      if (rest.length === 1 && rest[0] === 'off') off(valeRules(enabled), line)
      else if (rest.length === 1 && rest[0] === 'on') on(valeRules(enabled), line)
      continue
    }
    const ids = markdownlintRules(names, enabled)
    switch (keyword) {
      case 'markdownlint-disable': off(ids, line); break
      case 'markdownlint-enable': on(ids, line); break
      case 'markdownlint-disable-file': for (const id of ids) spans.push([id, 1, Infinity]); break
      case 'markdownlint-disable-line': for (const id of ids) spans.push([id, line, line]); break
      case 'markdownlint-disable-next-line': for (const id of ids) spans.push([id, line + 1, line + 1]); break
      case 'markdownlint-capture': captured.push(new Map(openSince)); break
      case 'markdownlint-restore': {
        const saved = captured.pop() ?? new Map<string, number>()
        on([...openSince.keys()].filter((id) => !saved.has(id)), line)
        for (const [id] of saved) if (!openSince.has(id)) openSince.set(id, line)
        break
      }
      default: break
    }
  }
  for (const [id, since] of openSince) spans.push([id, since, Infinity])
  return spans
}

/** Drop the messages of page rules that a Vale or markdownlint comment turns off at their place. */
export function applyThirdPartyDirectives(tree: Root, file: VFile, enabled: ReadonlySet<string>): void {
  const source = String(file.value ?? '')
  if (!source.includes('vale') && !source.includes('markdownlint')) return
  const directives = directivesOf(tree)
  if (directives.length === 0) return
  const spans = spansOf(directives, enabled)
  if (spans.length === 0) return
  file.messages = file.messages.filter((message) => {
    if (message.source !== SOURCE || !message.ruleId || !message.line) return true
    const line = message.line
    return !spans.some(([id, from, to]) => id === message.ruleId && line >= from && line <= to)
  })
}
