// Vale's comments on a page: `vale off` / `vale on`, `vale Style.Rule = NO` / `YES`, and
// `vale Style.Rule["match"] = NO` for some matches only. They are read from the tree (HTML comments,
// MDX `{/* */}` comments), and with the `.vale.ini`'s CommentDelimiters from the text as well.
import type {Root} from 'mdast'
import {visit} from '../shared/walk.js'

interface CommentEvent {
  offset: number
  text: string
}

/** Whether a rule's finding at a source offset is turned off by the page's Vale comments. */
export type CommentControl = (ruleId: string, match: string, offset: number) => boolean

const commentText = /^\s*(?:\/\*([\s\S]*)\*\/|<!--([\s\S]*)-->)\s*$/

function escapeRegex(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&')
}

export function commentControl(tree: Root, source: string, delimiters: [string, string] | undefined): CommentControl {
  const events: CommentEvent[] = []
  visit(tree, (node) => {
    if (node.type !== 'html' && node.type !== 'mdxFlowExpression' && node.type !== 'mdxTextExpression') return undefined
    const match = commentText.exec(node.value)
    const text = (match?.[1] ?? match?.[2])?.trim()
    if (text?.startsWith('vale') && node.position?.start.offset !== undefined) events.push({offset: node.position.start.offset, text})
    return undefined
  })
  if (delimiters && source.includes(delimiters[0])) {
    const [open, close] = [escapeRegex(delimiters[0]), escapeRegex(delimiters[1])]
    // Linear: the text stops at a non-space before `close`; an opener whose comment does not close on its line
    // skips that line, where no later opener could close either, up to an opener that ends the line.
    const pattern = new RegExp(open + '\\s*(?:(vale\\b(?:[^\\n]*?\\S)??)\\s*' + close + '|vale\\b[^\\n]*?(?=' + open + '[^\\S\\n]*\\n|\\n|$))', 'g')
    const known = new Set(events.map((event) => event.offset))
    for (const match of source.matchAll(pattern)) {
      if (match[1] !== undefined && !known.has(match.index)) events.push({offset: match.index, text: match[1].trim()})
    }
  }
  if (events.length === 0) return () => false
  events.sort((a, b) => a.offset - b.offset)
  return (ruleId, matched, offset) => {
    let off = false
    const rules = new Map<string, boolean>()
    for (const event of events) {
      if (event.offset > offset) break
      apply(event.text, rules, (value) => (off = value))
    }
    if (off) return true
    return rules.get(ruleId + '[' + matched + ']') ?? rules.get(ruleId) ?? false
  }
}

function apply(text: string, rules: Map<string, boolean>, setOff: (value: boolean) => void): void {
  if (text === 'vale off') return setOff(true)
  if (text === 'vale on') return setOff(false)
  const some = /^vale\s+(\S[^\s.]*\.\S[^\s[]*)(\[.+\])\s*=\s*(YES|NO)$/.exec(text)
  if (some) {
    try {
      const matches = JSON.parse(some[2]!) as unknown
      if (Array.isArray(matches)) for (const entry of matches) rules.set(some[1] + '[' + String(entry) + ']', some[3] === 'NO')
    } catch {
      // Not a list of strings: Vale ignores the comment too.
    }
    return
  }
  const one = /^vale\s+(\S[^\s.]*\.\S+)\s*=\s*(YES|NO)$/.exec(text)
  if (one) rules.set(one[1]!, one[2] === 'NO')
}
