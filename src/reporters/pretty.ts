import path from 'node:path'
import type {VFile} from 'vfile'
import type {VFileMessage} from 'vfile-message'
import type {MessageExtras} from '../contract.js'
import {escapeControl} from './control.js'

export interface ReporterOptions {
  color?: boolean
  /** Only errors (fatal messages). */
  quiet?: boolean
  /** Wrap messages to this many columns (a terminal's width); absent: never wrap. */
  width?: number | undefined
  /** Pages the run linted, for the summary's "in N of M files". */
  pages?: number | undefined
  /** How long the run took, for the summary line; absent: not shown. */
  seconds?: number | undefined
}

type Level = 'error' | 'warning' | 'info'

const levelOf = (message: VFileMessage): Level => (message.fatal === true ? 'error' : message.fatal === false ? 'warning' : 'info')

const ansi = {red: 31, yellow: 33, blue: 34, dim: 2, underline: 4} as const
type Style = keyof typeof ansi

/** How many rules the summary names, most reported first. */
const topRules = 5

/** Control characters (a file named with ESC bytes) never reach the terminal. */
const printable = escapeControl

/**
 * Human-readable output: problems grouped by file, one line each (`line:column  severity  message
 * rule`), the message wrapped to the terminal's width, then a summary: counts by severity, files with
 * problems, what `--fix` can fix and the rules that report most.
 */
export function pretty(files: VFile[], options: ReporterOptions = {}): string {
  let output = ''
  for (const chunk of prettyChunks(files, options)) output += chunk
  return output
}

/**
 * `pretty`'s output in pieces, one for each file with problems and one for the summary, each made when
 * it is asked for: a caller that writes each piece out holds one file's text at a time, not the report.
 */
export function* prettyChunks(files: readonly VFile[], options: ReporterOptions = {}): Generator<string, void, undefined> {
  const paint = (style: Style, text: string) => (options.color ? '\u001B[' + ansi[style] + 'm' + text + '\u001B[0m' : text)
  const levelStyle: Record<Level, Style> = {error: 'red', warning: 'yellow', info: 'blue'}
  const counts: Record<Level, number> = {error: 0, warning: 0, info: 0}
  const byRule = new Map<string, number>()
  let fixable = 0
  let filesWithProblems = 0
  for (const {file, shown} of sortedByPath(files)) {
    const messages = options.quiet ? file.messages.filter((message) => message.fatal === true) : file.messages
    if (messages.length === 0) continue
    filesWithProblems++
    // Lines right-aligned and columns left-aligned, so the colons line up.
    let lineWidth = 0
    let columnWidth = 0
    let levelWidth = 0
    for (const message of messages) {
      lineWidth = Math.max(lineWidth, String(message.line ?? 1).length)
      columnWidth = Math.max(columnWidth, String(message.column ?? 1).length)
      levelWidth = Math.max(levelWidth, levelOf(message).length)
    }
    // A path wider than the terminal is folded after a `/`, so that no line is wider than asked.
    const header = options.width === undefined || options.width < 20 ? [printable(shown)] : fold(printable(shown), options.width)
    let chunk = header.map((piece) => paint('underline', piece) + '\n').join('')
    for (const message of messages) {
      const level = levelOf(message)
      counts[level]++
      const rule = message.ruleId ?? ''
      byRule.set(rule, (byRule.get(rule) ?? 0) + 1)
      if ((message as VFileMessage & MessageExtras).fix) fixable++
      const head = '  ' + String(message.line ?? 1).padStart(lineWidth) + ':' + String(message.column ?? 1).padEnd(columnWidth) + '  '
      const indent = head.length + levelWidth + 2
      const lines = wrap(printable(message.reason), rule, options.width === undefined ? Infinity : options.width - indent)
      const last = lines.length - 1
      for (let number = 0; number <= last; number++) {
        const start = number === 0 ? paint('dim', head) + paint(levelStyle[level], level.padEnd(levelWidth)) + '  ' : ' '.repeat(indent)
        chunk += start + lines[number]! + (number === last && rule ? '  ' + paint('dim', rule) : '') + '\n'
      }
    }
    yield chunk + '\n'
  }
  const end = summary(counts, filesWithProblems, fixable, byRule, options, paint)
  if (end) yield end
}

/** The files in the order of their shown paths (each worked out once, compared by one collator). */
function sortedByPath(files: readonly VFile[]): Array<{file: VFile; shown: string}> {
  // The comparison `localeCompare` makes, with its collator made once instead of looked up per comparison.
  const collator = new Intl.Collator()
  return files.map((file) => ({file, shown: displayPath(file)})).sort((a, b) => collator.compare(a.shown, b.shown))
}

/**
 * Words of `reason` in lines of at most `width` columns, the last leaving room for the rule id (alone
 * on the last line when it does not fit beside the words). A word longer than a line is folded.
 */
function wrap(reason: string, rule: string, width: number): string[] {
  const tail = rule ? 2 + rule.length : 0
  if (reason.length + tail <= width || width < 20) return [reason]
  const lines: string[] = []
  let line = ''
  for (const word of reason.split(' ')) {
    if (word.length > width) {
      if (line !== '') lines.push(line)
      const pieces = fold(word, width)
      lines.push(...pieces.slice(0, -1))
      line = pieces.at(-1)!
    } else if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(line)
      line = word
    } else {
      line = line === '' ? word : line + ' ' + word
    }
  }
  if (line !== '' && line.length + tail > width) {
    lines.push(line)
    line = ''
  }
  if (line !== '' || rule) lines.push(line)
  return lines
}

/** `text` in pieces of at most `width` columns, each ending after a `/` where one is near the end. */
function fold(text: string, width: number): string[] {
  const pieces: string[] = []
  let rest = text
  while (rest.length > width) {
    const slash = rest.lastIndexOf('/', width - 1)
    const cut = slash >= width / 2 ? slash + 1 : width
    pieces.push(rest.slice(0, cut))
    rest = rest.slice(cut)
  }
  pieces.push(rest)
  return pieces
}

function summary(
  counts: Record<Level, number>,
  filesWithProblems: number,
  fixable: number,
  byRule: Map<string, number>,
  options: ReporterOptions,
  paint: (style: Style, text: string) => string
): string {
  const total = counts.error + counts.warning + counts.info
  const number = (value: number) => value.toLocaleString('en-US')
  const plural = (value: number, word: string) => number(value) + ' ' + word + (value === 1 ? '' : 's')
  const time = options.seconds === undefined ? '' : ' (' + (options.seconds < 10 ? options.seconds.toFixed(1) : Math.round(options.seconds)) + ' s)'
  // A clean run says so in one line, as markdownlint-cli2 does: what was checked and how long it took
  // (`--quiet`, errors only, keeps it silent).
  if (total === 0) return options.pages === undefined || options.quiet ? '' : '✔ No problems in ' + plural(options.pages, 'file') + time + '\n'
  const parts = [plural(counts.error, 'error'), plural(counts.warning, 'warning'), number(counts.info) + ' info']
  const files = options.pages === undefined ? plural(filesWithProblems, 'file') : number(filesWithProblems) + ' of ' + plural(options.pages, 'file')
  const style: Style = counts.error > 0 ? 'red' : counts.warning > 0 ? 'yellow' : 'blue'
  const head = (counts.error > 0 ? '✖ ' : '⚠ ') + plural(total, 'problem') + ' (' + parts.join(', ') + ')'
  const where = 'in ' + files + time
  // On a narrow terminal, where and how long go on a line of their own.
  const narrow = options.width !== undefined && head.length + 1 + where.length > options.width
  const lines = narrow ? [paint(style, head), paint(style, '  ' + where)] : [paint(style, head + ' ' + where)]
  if (fixable > 0) lines.push('  ' + plural(fixable, 'problem') + ' fixable with `--fix`')
  const top = [...byRule].sort(([a, x], [b, y]) => y - x || a.localeCompare(b)).slice(0, topRules)
  const mostReported = () => '  Most reported: ' + top.map(([rule, count]) => rule + ' ' + number(count)).join(', ')
  while (options.width !== undefined && top.length > 1 && mostReported().length > options.width) top.pop()
  if (byRule.size > 1) lines.push(mostReported())
  return lines.join('\n') + '\n'
}

function displayPath(file: VFile): string {
  const filePath = file.path ?? ''
  const relative = path.isAbsolute(filePath) ? path.relative(file.cwd, filePath) : filePath
  return relative.split(path.sep).join('/')
}

/** `path:line:column: severity message (rule)`, one problem a line, for editors and grep. */
export function compact(files: VFile[], options: Pick<ReporterOptions, 'quiet'> = {}): string {
  const lines: string[] = []
  for (const {file, shown} of sortedByPath(files)) {
    for (const message of file.messages) {
      if (options.quiet && message.fatal !== true) continue
      lines.push(
        printable(shown) + ':' + (message.line ?? 1) + ':' + (message.column ?? 1) + ': ' + levelOf(message) + ' ' +
          printable(message.reason) + (message.ruleId ? ' (' + message.ruleId + ')' : '')
      )
    }
  }
  return lines.length > 0 ? lines.join('\n') + '\n' : ''
}
