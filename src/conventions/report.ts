// The coverage table, as a person reads it (80 columns) and as JSON.
import path from 'node:path'
import type {RuleFile} from './find.js'
import type {LintSetting} from './setting.js'
import type {LineCoverage, LineStatus} from './types.js'
import {trimEndCharacters} from '../shared/text.js'

export interface FileCoverage {
  file: RuleFile
  setting: LintSetting
  /** Cursor `globs` that name no page: the file's rules are about code. */
  codeGlobs: string[] | undefined
  lines: LineCoverage[]
}

export interface Counts {
  lines: number
  checked: number
  partly: number
  notChecked: number
  notAConvention: number
}

const width = 80
const statusWidth = 11
const indent = ' '.repeat(5 + 2 + statusWidth + 2)

export function countsOf(lines: readonly LineCoverage[]): Counts {
  const count = (status: LineStatus) => lines.filter((line) => line.status === status).length
  return {lines: lines.length, checked: count('checked'), partly: count('partly'), notChecked: count('not checked'), notAConvention: count('not a convention')}
}

/** `Use active voice over pass…`: at most `length` characters. */
function shorten(text: string, length: number): string {
  return text.length <= length ? text : text.slice(0, length - 1).trimEnd() + '…'
}

/** Pieces (words, or `rule: 3` entries) wrapped to rows of at most 80 columns that start with `prefix`. */
function wrap(pieces: readonly string[], prefix: string, first = prefix): string[] {
  const rows: string[] = []
  let row = ''
  for (const piece of pieces) {
    const start = rows.length === 0 ? first : prefix
    if (row !== '' && start.length + row.length + 1 + piece.length > width) {
      rows.push(start + row)
      row = piece
    } else row = row === '' ? piece : row + ' ' + piece
  }
  if (row !== '') rows.push((rows.length === 0 ? first : prefix) + row)
  return rows
}

/** A rule's name in the table: a Vale style's rule says so. */
function named(rule: string): string {
  return rule.includes('.') ? rule + ' (Vale)' : rule
}

function summary(counts: Counts): string {
  const notWriting = counts.notAConvention + (counts.notAConvention === 1 ? ' not a writing convention' : ' not writing conventions')
  return counts.lines + (counts.lines === 1 ? ' line: ' : ' lines: ') + counts.checked + ' checked, ' + counts.partly + ' partly, ' + counts.notChecked + ' not checked, ' + notWriting
}

/** Where the rules come from: the config file (relative to `cwd`) or the preset, and the `.vale.ini`. */
export function settingSource(setting: LintSetting, from: string): string {
  const relative = (file: string) => path.relative(from, file).split(path.sep).join('/') || path.basename(file)
  const rules = setting.configFile ? '`' + relative(setting.configFile) + '`' : 'the recommended preset (no `.docs-lintrc`)'
  return rules + (setting.valeIni ? ' and the Vale styles of `' + relative(setting.valeIni) + '`' : '')
}

function fileTable(coverage: FileCoverage, folder: string): string[] {
  const rows = [coverage.file.relative, '  ' + summary(countsOf(coverage.lines))]
  if (coverage.codeGlobs) {
    rows.push(...wrap(('Its `globs` (' + coverage.codeGlobs.join(', ') + ') name no page: its rules are about code, not writing.').split(' '), '  '), '')
    return rows
  }
  const shown = coverage.lines.filter((line) => line.status !== 'not a convention')
  if (shown.length > 0) rows.push(...wrap(('Rules from ' + settingSource(coverage.setting, folder)).split(' '), '  '), '  line  status       convention')
  for (const line of shown) {
    rows.push(String(line.line).padStart(5) + '  ' + line.status.padEnd(statusWidth) + '  ' + shorten(line.text, width - indent.length))
    const by = line.checkedBy.map((checker) => checker.id + (checker.vale ? ' (Vale)' : '') + (checker.coverage === 'partial' && !checker.vale ? ' (in part)' : ''))
    const notes = [by.length > 0 ? 'by ' + by.join(', ') : '', line.off.length > 0 ? 'off: ' + line.off.map(named).join(', ') : ''].filter((note) => note !== '')
    if (notes.length > 0) rows.push(...wrap(notes.join('; ').split(' '), indent))
  }
  rows.push('')
  return rows
}

/** The table of every rule file, then the totals and the rules that are off but would check more lines. */
export function pretty(files: readonly FileCoverage[], folder: string): string {
  const rows = files.flatMap((file) => fileTable(file, folder))
  const all = files.flatMap((file) => file.lines)
  if (files.length > 1) rows.push('All ' + files.length + ' rule files', '  ' + summary(countsOf(all)))
  const offCounts = new Map<string, number>()
  for (const line of all) for (const rule of line.off) offCounts.set(rule, (offCounts.get(rule) ?? 0) + 1)
  if (offCounts.size > 0) {
    const offRules = [...offCounts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([rule, count], index, all) => rule + ' (' + (rule.includes('.') ? 'Vale, ' : '') + count + (count === 1 ? ' line)' : ' lines)') + (index < all.length - 1 ? ',' : ''))
    rows.push('Off in the lint configuration, would check more lines:', ...wrap(offRules, '  '))
  }
  return trimEndCharacters(rows.join('\n'), '\n') + '\n'
}

/** The JSON report: every line, conventions and rules included. */
export function json(files: readonly FileCoverage[], folder: string, unreadable: ReadonlyArray<{path: string; reason: string}>): string {
  const relative = (file: string | undefined) => (file === undefined ? null : path.relative(folder, file).split(path.sep).join('/'))
  const report = {
    files: files.map((coverage) => ({
      path: coverage.file.relative,
      config: relative(coverage.setting.configFile),
      vale: relative(coverage.setting.valeIni),
      ...(coverage.codeGlobs ? {codeGlobs: coverage.codeGlobs} : {}),
      summary: countsOf(coverage.lines),
      lines: coverage.lines.map((line) => ({
        line: line.line,
        text: line.text,
        headings: line.headings,
        status: line.status,
        conventions: line.conventions,
        checkedBy: line.checkedBy.map((checker) => ({rule: checker.id, coverage: checker.coverage, vale: checker.vale})),
        off: line.off
      }))
    })),
    unreadable,
    summary: countsOf(files.flatMap((file) => file.lines))
  }
  return JSON.stringify(report, undefined, 2) + '\n'
}
