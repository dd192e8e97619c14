import type {VFileMessage} from 'vfile-message'
import type {MessageExtras, Suggestion, TextEdit} from '../contract.js'
import {headingSlug} from './slug.js'

/**
 * The one redaction step: every string docs-lint prints, writes to its cache or sends to an editor
 * passes a `Redact` made from the secrets of the page (or config file) it is about. Secrets come from
 * the rules that declare `masks` (see `src/linter/secrets.ts`); this module only replaces text.
 */
export type Redact = (text: string) => string

/** A secret shown as `no-secrets` shows it: at most its first four characters, then `…`. */
export function maskOf(secret: string): string {
  return secret.slice(0, Math.min(4, Math.floor(secret.length / 4))) + '…'
}

/** The same text, for a page without secrets. */
export const keepText: Redact = (text) => text

/** Shorter values are not masked: they are too likely to occur as ordinary words. */
const shortestSecret = 6

/**
 * A redactor masking each of `secrets` wherever it occurs: in any letter case, percent-encoded (as
 * in a link's query string) and as a heading's anchor shows it (lower case, `.` and other punctuation
 * turned into `-`).
 */
export function redactorOf(secrets: Iterable<string>): Redact {
  const forms = new Set<string>()
  for (const secret of secrets) {
    if (secret.length < shortestSecret) continue
    forms.add(secret)
    forms.add(encodeURIComponent(secret))
    const slug = headingSlug(secret)
    if (slug.length >= shortestSecret) forms.add(slug)
    // A multi-line secret (a key block) also shows line by line.
    for (const line of secret.split(/\r?\n/)) if (line.trim().length >= 16) forms.add(line.trim())
  }
  if (forms.size === 0) return keepText
  // Longest first, so a secret that holds another is masked whole.
  const alternation = [...forms].sort((a, b) => b.length - a.length).map((form) => form.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')
  const pattern = new RegExp(alternation, 'gi')
  return (text) => (text.length < shortestSecret ? text : text.replace(pattern, maskOf))
}

/** Marks an edit whose text held a secret: it shows masked, and no one may apply it (`--fix` re-lints the page itself). */
export interface RedactedEdit extends TextEdit {
  redacted?: true
}

function redactEdits(edits: readonly TextEdit[], redact: Redact): TextEdit[] {
  return edits.map((edit) => {
    const text = redact(edit.text)
    return text === edit.text ? edit : ({...edit, text, redacted: true} as RedactedEdit)
  })
}

/** Mask every text a message carries, in place: reason, actual, expected, fix and suggestions. */
export function redactMessage(message: VFileMessage, redact: Redact): void {
  if (redact === keepText) return
  const reason = redact(message.reason)
  if (reason !== message.reason) {
    message.reason = reason
    message.message = reason
  }
  if (message.actual !== undefined) message.actual = redact(message.actual)
  if (message.expected) message.expected = message.expected.map(redact)
  if (message.note) message.note = redact(message.note)
  const extras = message as VFileMessage & MessageExtras
  if (extras.fix) extras.fix = redactEdits(extras.fix, redact)
  if (extras.suggestions) {
    extras.suggestions = extras.suggestions.map((suggestion) => ({
      description: redact(suggestion.description),
      edits: redactEdits(suggestion.edits, redact)
    }))
  }
}

/** Whether edits may be shown for applying: none of them had a secret masked out of its text. */
export function applicable(edits: readonly TextEdit[] | undefined): edits is TextEdit[] {
  return edits !== undefined && edits.length > 0 && !edits.some((edit) => (edit as RedactedEdit).redacted)
}

/**
 * A message's fix and suggestions, without those whose text had a secret masked out: applied, they
 * would write the mask into the page. `--fix` still applies such a fix, since it lints the page itself.
 */
export function reportableEdits(message: VFileMessage): {fix: TextEdit[] | undefined; suggestions: Suggestion[] | undefined} {
  const extras = message as VFileMessage & MessageExtras
  const fix = applicable(extras.fix) ? extras.fix : undefined
  const suggestions = extras.suggestions?.filter((suggestion) => applicable(suggestion.edits))
  return {fix, suggestions: suggestions && suggestions.length > 0 ? suggestions : undefined}
}

/** Every string in a plain value (JSON-like, with sets), masked; other values as they are. */
export function redactValue<Value>(value: Value, redact: Redact): Value {
  if (redact === keepText) return value
  const walk = (item: unknown): unknown => {
    if (typeof item === 'string') return redact(item)
    if (Array.isArray(item)) return item.map(walk)
    if (item instanceof Set) return new Set([...item].map(walk))
    if (item && typeof item === 'object') {
      const copy: Record<string, unknown> = {}
      for (const [key, entry] of Object.entries(item)) copy[key] = walk(entry)
      return copy
    }
    return item
  }
  return walk(value) as Value
}
