import fs from 'node:fs'
import path from 'node:path'
import type {VFile} from 'vfile'
import type {VFileMessage} from 'vfile-message'
import type {ResolvedConfig} from '../config/resolve.js'
import {keepText, reportableEdits, type Redact} from '../page/redact.js'
import {ruleInfoById} from '../shared/rule-info.js'
import {redactorFor as pageRedactor} from '../linter/secrets.js'
import type {TextEdit} from '../rule.js'
import {version} from '../shared/version.js'
import {escapeControl} from './control.js'
import {reportScript} from './html-app.js'
import {reportStyle} from './html-style.js'
import {absolutePath, relativeTo} from '../shared/relative-path.js'

export interface HtmlReportOptions {
  /** Folder the report's paths are relative to (default: each file's `cwd`). */
  cwd?: string | undefined
  /** How long the run took, shown in the summary. */
  durationMs?: number | undefined
  /** When the report was made (default: now). */
  date?: Date | undefined
}

/** Findings per `<script>` block: the browser parses each as it arrives, and the writer never holds the whole report. */
const rowsPerChunk = 1000
/** Lines of a fix's diff shown on each side; a longer fix ends with `…`. */
const diffLines = 8

/** Severity codes of the report's data: 0 error, 1 warning, 2 info. */
function severityCode(message: VFileMessage): 0 | 1 | 2 {
  return message.fatal === true ? 0 : message.fatal === false ? 1 : 2
}

/** JSON safe inside `<script>`: no `</script>`, no `<!--`, and no line separators that break older parsers. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029')
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}

/** The deepest folder holding every file: sections are the first folder below it. */
function commonFolder(absolutes: readonly string[]): string {
  if (absolutes.length === 0) return ''
  let common = path.dirname(absolutes[0]!).split(path.sep)
  for (const absolute of absolutes) {
    const parts = path.dirname(absolute).split(path.sep)
    let index = 0
    while (index < common.length && index < parts.length && common[index] === parts[index]) index++
    common = common.slice(0, index)
  }
  return common.join(path.sep) || path.sep
}

/** The lines a fix touches, before and after, masked: `-` lines then `+` lines. */
export function fixDiff(source: string, edits: readonly TextEdit[], redact: Redact): string | undefined {
  const start = Math.min(...edits.map((edit) => edit.start))
  const end = Math.max(...edits.map((edit) => edit.end))
  if (!(start >= 0) || end > source.length) return undefined
  const lineStart = source.lastIndexOf('\n', start - 1) + 1
  const newline = source.indexOf('\n', end)
  const lineEnd = newline === -1 ? source.length : newline
  const before = source.slice(lineStart, lineEnd)
  let after = before
  for (const edit of [...edits].sort((a, b) => b.start - a.start || b.end - a.end)) {
    after = after.slice(0, edit.start - lineStart) + edit.text + after.slice(edit.end - lineStart)
  }
  const side = (text: string, mark: string) => {
    const lines = text === '' ? [] : text.replace(/\r/g, '').split('\n')
    const shown = lines.slice(0, diffLines).map((line) => mark + ' ' + line)
    if (lines.length > diffLines) shown.push(mark + ' …')
    return shown
  }
  return redact([...side(before, '-'), ...side(after, '+')].join('\n'))
}

/** The page's text as the fixes' offsets count it (without a byte order mark): a page linted in a worker is read again. */
function readSource(file: VFile): string | undefined {
  let text = typeof file.value === 'string' ? file.value : file.value ? new TextDecoder().decode(file.value) : ''
  if (text === '') {
    try {
      text = fs.readFileSync(absolutePath(file), 'utf8')
    } catch {
      return undefined
    }
  }
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
}

/**
 * The HTML report, piece by piece: one self-contained page (inline style and script, no network)
 * with a summary, charts per rule and per section, the pages with most findings, and a table of
 * findings that filters, sorts and shows each fix as a diff. The findings follow the page's code in
 * blocks of JSON the browser reads as they come, so a large report streams to its file.
 */
export function* htmlChunks(files: readonly VFile[], options: HtmlReportOptions = {}): Generator<string> {
  const pages = files.filter((file) => /\.(md|mdx|markdown)$/i.test(file.path)).length
  // Only files with findings are named: a clean page adds nothing to the charts or the table.
  const sorted = files.filter((file) => file.messages.length > 0).sort((a, b) => displayPath(a, options.cwd).localeCompare(displayPath(b, options.cwd)))
  const root = commonFolder(files.map((file) => absolutePath(file)))
  const paths = sorted.map((file) => escapeControl(displayPath(file, options.cwd)))
  const sections = sorted.map((file) => {
    const inside = path.relative(root, absolutePath(file)).split(path.sep)
    return inside.length > 1 ? inside[0]! + '/' : '(top level)'
  })
  const counts = {error: 0, warning: 0, info: 0, fixable: 0}
  const ruleIds: string[] = []
  const ruleIndex = new Map<string, number>()
  for (const file of sorted) {
    for (const message of file.messages) {
      const code = severityCode(message)
      if (code === 0) counts.error++
      else if (code === 1) counts.warning++
      else counts.info++
      if (reportableEdits(message).fix) counts.fixable++
      const ruleId = message.ruleId ?? 'docs-lint'
      if (!ruleIndex.has(ruleId)) {
        ruleIndex.set(ruleId, ruleIds.length)
        ruleIds.push(ruleId)
      }
    }
  }
  const urls = new Map<string, string>()
  for (const file of sorted) for (const message of file.messages) if (message.url && !urls.has(message.ruleId ?? 'docs-lint')) urls.set(message.ruleId ?? 'docs-lint', message.url)
  const rules = ruleIds.map((id) => ({id, url: urls.get(id) ?? ruleInfoById.get(id)?.url ?? '', summary: ruleInfoById.get(id)?.summary ?? ''}))
  const meta = {
    version,
    date: (options.date ?? new Date()).toISOString(),
    durationMs: options.durationMs === undefined ? null : Math.round(options.durationMs),
    pages,
    files: paths,
    root: rootPrefix(root, options.cwd ?? files[0]?.cwd ?? root),
    sections,
    rules,
    counts
  }
  const title = 'docs-lint report'
  yield '<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">\n' +
    // Nothing in the page may reach the network: a report opened from an artifact stays offline.
    "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:\">\n" +
    '<meta name="color-scheme" content="light dark">\n' +
    '<title>' + escapeHtml(title) + '</title>\n<style>' + reportStyle + '</style>\n</head>\n<body>\n' +
    '<noscript><p>This report needs JavaScript to show its findings.</p></noscript>\n' +
    '<script type="application/json" id="report-meta">' + scriptJson(meta) + '</script>\n'
  let rows: unknown[] = []
  let strings: string[] = []
  let stringIndex = new Map<string, number>()
  const intern = (text: string) => {
    let index = stringIndex.get(text)
    if (index === undefined) {
      index = strings.length
      strings.push(text)
      stringIndex.set(text, index)
    }
    return index
  }
  const flush = () => {
    const chunk = '<script type="application/json" class="report-rows">' + scriptJson({s: strings, r: rows}) + '</script>\n'
    rows = []
    strings = []
    stringIndex = new Map()
    return chunk
  }
  for (const [fileIndex, file] of sorted.entries()) {
    let source: string | undefined | null = null
    let redact: Redact = keepText
    for (const message of file.messages) {
      const fix = reportableEdits(message).fix
      let diff: string | undefined
      if (fix) {
        if (source === null) {
          source = readSource(file)
          const config = file.data['docsLintConfig'] as ResolvedConfig | undefined
          // The lines around a fix may hold a secret of the page: masked as every other output masks it.
          if (source !== undefined) redact = pageRedactor([source], config)
        }
        if (source !== undefined) diff = fixDiff(source, fix, redact)
      }
      // [file, line, column, severity, rule, message, diff]: positional, to keep large reports small.
      rows.push([
        fileIndex,
        message.line ?? 1,
        message.column ?? 1,
        severityCode(message),
        ruleIndex.get(message.ruleId ?? 'docs-lint'),
        intern(escapeControl(message.reason)),
        diff === undefined ? -1 : intern(escapeControl(diff))
      ])
      if (rows.length >= rowsPerChunk) yield flush()
    }
  }
  if (rows.length > 0) yield flush()
  yield '<script>' + reportScript() + '</script>\n</body>\n</html>\n'
}

/** The whole HTML report as one string. */
export function html(files: readonly VFile[], options: HtmlReportOptions = {}): string {
  return [...htmlChunks(files, options)].join('')
}

/** The linted folder as displayed paths start with it: empty for the current folder, else with a final `/`. */
function rootPrefix(root: string, cwd: string): string {
  const relative = relativeTo(cwd, root)
  return relative === '' ? '' : escapeControl(relative) + '/'
}

function displayPath(file: VFile, cwd: string | undefined): string {
  const absolute = absolutePath(file)
  return relativeTo(cwd ?? file.cwd, absolute) || path.basename(absolute)
}
