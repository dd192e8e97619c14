import type {VFile} from 'vfile'
import type {VFileMessage} from 'vfile-message'
import type {MessageExtras, Suggestion, TextEdit} from '../rule.js'

/**
 * The source ranges (offsets) of the secrets `no-secrets` found on a page. A fix of another rule may
 * move text that holds one (a list turned into `<Steps>` carries its code along): such an edit's text
 * would print the secret in full, so machine-readable reports leave that edit out (`--fix` still
 * applies it, since it reads the page itself). A secret whose place has no offset counts as covering
 * the whole page.
 */
function secretRanges(file: VFile): Array<[number, number]> {
  const ranges: Array<[number, number]> = []
  for (const message of file.messages) {
    if (message.ruleId !== 'no-secrets') continue
    const place = message.place
    const start = place && 'start' in place ? place.start.offset : undefined
    const end = place && 'end' in place ? place.end.offset : undefined
    ranges.push(start === undefined || end === undefined ? [0, Infinity] : [start, end])
  }
  return ranges
}

function safe(edits: readonly TextEdit[], secrets: ReadonlyArray<[number, number]>): boolean {
  return edits.every((edit) => secrets.every(([start, end]) => edit.end <= start || edit.start >= end || edit.text === ''))
}

/** A message's fix and suggestions, without those whose text could hold a secret of the page. */
export function reportableEdits(file: VFile, message: VFileMessage, cache = new WeakMap<VFile, Array<[number, number]>>()): {fix: TextEdit[] | undefined; suggestions: Suggestion[] | undefined} {
  const extras = message as VFileMessage & MessageExtras
  if (!extras.fix && !extras.suggestions) return {fix: undefined, suggestions: undefined}
  let secrets = cache.get(file)
  if (!secrets) cache.set(file, (secrets = secretRanges(file)))
  if (secrets.length === 0 || message.ruleId === 'no-secrets') return {fix: extras.fix, suggestions: extras.suggestions}
  const fix = extras.fix && safe(extras.fix, secrets) ? extras.fix : undefined
  const suggestions = extras.suggestions?.filter((suggestion) => safe(suggestion.edits, secrets))
  return {fix, suggestions: suggestions && suggestions.length > 0 ? suggestions : undefined}
}
