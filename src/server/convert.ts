import path from 'node:path'
import {diffChars, diffLines} from 'diff'
import type {Point} from 'unist'
import type {VFileMessage} from 'vfile-message'
import type {TextDocument} from 'vscode-languageserver-textdocument'
import {
  DiagnosticSeverity,
  type Diagnostic,
  type Position,
  type Range
} from 'vscode-languageserver'
import {SOURCE, type TextEdit as OffsetEdit} from '../contract.js'
import type {Redact} from '../page/redact.js'
import {uriToPath} from './watch.js'

/** The code action kind of "apply every safe fix", as `editor.codeActionsOnSave` names it. */
export const FIX_ALL_KIND = 'source.fixAll.docs-lint'

/**
 * vfile points are 1-based lines and columns counted in UTF-16 code units, like LSP's 0-based
 * positions. The parser drops a byte order mark, so a page that starts with one is a column
 * further right on its first line in the editor than in the message.
 */
export function toPosition(point: Pick<Point, 'line' | 'column'>, bom: boolean): Position {
  const line = Math.max(0, point.line - 1)
  return {line, character: Math.max(0, point.column - 1) + (bom && line === 0 ? 1 : 0)}
}

export function messageRange(message: VFileMessage, bom: boolean): Range {
  const place = message.place
  if (place && 'start' in place) {
    const start = toPosition(place.start, bom)
    const end = place.end && place.end.line ? toPosition(place.end, bom) : start
    return {start, end}
  }
  if (place && typeof place.line === 'number') {
    const point = toPosition(place, bom)
    return {start: point, end: point}
  }
  if (typeof message.line === 'number') {
    const point = toPosition({line: message.line, column: message.column ?? 1}, bom)
    return {start: point, end: point}
  }
  return {start: {line: 0, character: 0}, end: {line: 0, character: 0}}
}

/** `fatal: true` is an error, `false` a warning, anything else (an `info` rule) information. */
export function messageSeverity(message: VFileMessage): DiagnosticSeverity {
  if (message.fatal === true) return DiagnosticSeverity.Error
  if (message.fatal === false) return DiagnosticSeverity.Warning
  return DiagnosticSeverity.Information
}

export function messageToDiagnostic(message: VFileMessage, bom: boolean): Diagnostic {
  const diagnostic: Diagnostic = {
    range: messageRange(message, bom),
    severity: messageSeverity(message),
    source: SOURCE,
    message: message.reason
  }
  if (message.ruleId) diagnostic.code = message.ruleId
  if (message.url) diagnostic.codeDescription = {href: message.url}
  return diagnostic
}

/** True when an action of `kind` is one the request asked for (`only` absent: every kind). */
export function kindRequested(kind: string, only: readonly string[] | undefined): boolean {
  if (!only || only.length === 0) return true
  return only.some((asked) => asked === '' || kind === asked || kind.startsWith(asked + '.'))
}

export function rangesTouch(a: Range, b: Range): boolean {
  return !(before(a.end, b.start) || before(b.end, a.start))
}

function before(a: Position, b: Position): boolean {
  return a.line < b.line || (a.line === b.line && a.character < b.character)
}

/**
 * The smallest offset edits that turn `before` into `after`: changed lines from a line diff,
 * trimmed to the characters that differ, so the editor keeps the cursor and folds elsewhere.
 */
export function editsBetween(before: string, after: string): OffsetEdit[] {
  if (before === after) return []
  const edits: OffsetEdit[] = []
  let offset = 0
  let removed = ''
  let added = ''
  let hunkStart = 0
  const flush = (): void => {
    if (removed === '' && added === '') return
    let prefix = 0
    const shortest = Math.min(removed.length, added.length)
    while (prefix < shortest && removed.charCodeAt(prefix) === added.charCodeAt(prefix)) prefix++
    let suffix = 0
    while (
      suffix < shortest - prefix &&
      removed.charCodeAt(removed.length - 1 - suffix) === added.charCodeAt(added.length - 1 - suffix)
    ) suffix++
    edits.push({
      start: hunkStart + prefix,
      end: hunkStart + removed.length - suffix,
      text: added.slice(prefix, added.length - suffix)
    })
    removed = ''
    added = ''
  }
  for (const change of diffLines(before, after)) {
    if (change.added) {
      if (removed === '' && added === '') hunkStart = offset
      added += change.value
    } else if (change.removed) {
      if (removed === '' && added === '') hunkStart = offset
      removed += change.value
      offset += change.value.length
    } else {
      flush()
      offset += change.value.length
    }
  }
  flush()
  return edits
}

/**
 * The edits, with each one whose text holds a secret of the page (as `redact` finds them) split into
 * the characters it really changes: a fix that only wraps or indents a line holding a secret then
 * sends the wrapping, not the secret. Undefined when an edit still carries a secret (a fix that moves
 * it): such an edit must not go to the editor.
 */
export function editsWithoutSecrets(before: string, edits: readonly OffsetEdit[], redact: Redact): OffsetEdit[] | undefined {
  const result: OffsetEdit[] = []
  for (const edit of edits) {
    if (redact(edit.text) === edit.text) {
      result.push(edit)
      continue
    }
    let offset = edit.start
    for (const change of diffChars(before.slice(edit.start, edit.end), edit.text)) {
      if (change.added) {
        if (redact(change.value) !== change.value) return undefined
        result.push({start: offset, end: offset, text: change.value})
      } else if (change.removed) {
        result.push({start: offset, end: offset + change.value.length, text: ''})
        offset += change.value.length
      } else {
        offset += change.value.length
      }
    }
  }
  return result
}

/** Where a page is linted: its path on disk and the folder the run starts in. */
export interface Target {
  path: string
  cwd: string
}

/** Pages are linted at their path on disk, from the workspace folder that holds them. */
export function targetOf(document: TextDocument, workspaceFolders: readonly string[]): Target | undefined {
  const filePath = uriToPath(document.uri)
  if (filePath) {
    if (!/\.mdx?$/i.test(filePath)) return undefined
    return {path: filePath, cwd: folderOf(filePath, workspaceFolders) ?? path.dirname(filePath)}
  }
  // An unsaved page has no path yet: its language decides Markdown or MDX.
  const extension = document.languageId === 'markdown' ? '.md' : document.languageId === 'mdx' ? '.mdx' : undefined
  if (!extension) return undefined
  const cwd = workspaceFolders[0] ?? process.cwd()
  const name = (document.uri.split(/[/:]/).pop() || 'untitled').replace(/\.mdx?$/i, '')
  return {path: path.join(cwd, name + extension), cwd}
}

function folderOf(filePath: string, workspaceFolders: readonly string[]): string | undefined {
  let best: string | undefined
  for (const folder of workspaceFolders) {
    const relative = path.relative(folder, filePath)
    if (relative && !relative.startsWith('..') && !path.isAbsolute(relative)) {
      if (!best || folder.length > best.length) best = folder
    }
  }
  return best
}
