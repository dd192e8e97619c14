// A rule's `action` as docs-lint's fixes: one sure replacement (`replace` with one option, `remove`,
// `edit`) is a `--fix` edit; several options are suggestions an editor offers; `suggest` is left to editors.
import type {Suggestion, TextEdit} from '../contract.js'
import {compileValeRegex} from './regex.js'
import type {StyleAction} from './types.js'

export interface ActionEdits {
  fix?: TextEdit[]
  suggestions?: Suggestion[]
}

/** Go's `$1`/`${1}` replacement references are JavaScript's too; `$$` stays a dollar sign in both. */
function editedText(action: StyleAction, matched: string): string | undefined {
  const [kind = '', first = '', second = ''] = action.params
  switch (kind) {
    case 'regex':
      try {
        return matched.replace(compileValeRegex(first), second)
      } catch {
        return undefined
      }
    case 'trim_right':
      return trimSet(matched, first, false, true)
    case 'trim_left':
      return trimSet(matched, first, true, false)
    case 'trim':
      return trimSet(matched, first, true, true)
    case 'split':
      return matched.split(first)[Number(second)]
    case 'truncate':
      return matched.split(first)[0]
    default:
      return undefined
  }
}

function trimSet(text: string, characters: string, left: boolean, right: boolean): string {
  let start = 0
  let end = text.length
  while (left && start < end && characters.includes(text[start]!)) start++
  while (right && end > start && characters.includes(text[end - 1]!)) end--
  return text.slice(start, end)
}

/**
 * The edits of a match at `start`..`end` of `source`. `exact`: the source there is the text the rule read
 * (no markup or placeholder in between), the only case where an edit is safe.
 */
export function actionEdits(action: StyleAction | undefined, replacements: readonly string[] | undefined, source: string, start: number, end: number, exact: boolean): ActionEdits {
  if (!action || !exact) return {}
  const edits = editsOf(action, replacements, source, start, end)
  // A certain fix keeps the page's sentences and words whole; one that would not is left to the writer.
  if (edits.fix && !keepsText(source, start, end, edits.fix[0]!)) return {}
  return edits
}

/**
 * Whether replacing `start`..`end` keeps sentences apart and words whole: it does not drop the point that
 * ends a sentence before the next one (`Great! Now` to `Great Now`), nor cut into a word (a rule whose
 * match is `s.  O`, removed whole).
 */
function keepsText(source: string, start: number, end: number, edit: TextEdit): boolean {
  const matched = source.slice(start, end)
  // A match across two sentences (`in. In`, `s.  O`): an edit of it would rewrite where one ends.
  if (/[.!?\u2026]["')\]\u2019\u201d]*\s+\p{Lu}/u.test(matched)) return false
  const endsSentence = /[.!?\u2026]["'\u2019\u201d)]*$/u.test(matched) && /^\s+\p{Lu}/u.test(source.slice(end, end + 4))
  if (endsSentence && !/[.!?\u2026]["'\u2019\u201d)]*$/u.test(edit.text)) return false
  const letter = /\p{L}/u
  const cutsStart = letter.test(source[edit.start - 1] ?? '') && letter.test(source[edit.start] ?? '') && !letter.test(edit.text[0] ?? '')
  const cutsEnd = letter.test(source[edit.end] ?? '') && letter.test(source[edit.end - 1] ?? '') && !letter.test(edit.text.at(-1) ?? '')
  return !cutsStart && !cutsEnd
}

function editsOf(action: StyleAction, replacements: readonly string[] | undefined, source: string, start: number, end: number): ActionEdits {
  const matched = source.slice(start, end)
  // A replacement of words that start a sentence starts with a capital too (`It is` → `It's`, not `it's`).
  const cased = (text: string) => (/^\p{Lu}/u.test(matched) && /^\p{Ll}/u.test(text) ? text[0]!.toUpperCase() + text.slice(1) : text)
  const replace = (text: string): TextEdit[] => [{start, end, text: cased(text)}]
  switch (action.name) {
    case 'replace': {
      const options = action.params.length > 0 ? action.params : [...(replacements ?? [])]
      const unique = [...new Set(options)].filter((option) => option !== matched)
      if (unique.length === 1) return {fix: replace(unique[0]!)}
      if (unique.length > 1) return {suggestions: unique.map((option) => ({description: 'Replace with `' + option + '`', edits: replace(option)}))}
      return {}
    }
    case 'remove': {
      // With the words around it: one of the spaces that held it goes too.
      const before = start > 0 && source[start - 1] === ' '
      const after = source[end] === ' ' || source[end] === undefined || /[.,;:!?]/.test(source[end]!)
      return {fix: [{start: before && after ? start - 1 : start, end, text: ''}]}
    }
    case 'edit': {
      const edited = editedText(action, matched)
      return edited === undefined || edited === matched ? {} : {fix: replace(edited)}
    }
    default:
      return {}
  }
}
