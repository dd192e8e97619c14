// The report of a run: rendered in the format asked for, piece by piece, to standard output and to
// each `--output-file`, and GitHub's job summary.
import fs from 'node:fs'
import path from 'node:path'
import type {VFile} from 'vfile'
import {now} from '../shared/timing.js'
import type {CliIo} from './io.js'

export type Format = 'pretty' | 'compact' | 'json' | 'github' | 'sarif' | 'html'
export const formatNames: Format[] = ['pretty', 'compact', 'json', 'github', 'sarif', 'html']

export interface RenderOptions {
  color: boolean
  quiet: boolean
  cwd: string
  width: number | undefined
  /** When the run started (`now()` of src/shared/timing.ts), for the HTML report's run time. */
  started: number
}

/**
 * The report in pieces, each made when it is asked for: the pretty report comes a file at a time, so a
 * report of hundreds of thousands of problems is never held whole. Each reporter loads when its format
 * is asked for.
 */
export async function render(format: Format, files: VFile[], options: RenderOptions): Promise<Iterable<string>> {
  switch (format) {
    case 'json': return [(await import('../reporters/json.js')).json(files)]
    case 'github': return [(await import('../reporters/github.js')).github(files, {workspace: process.env['GITHUB_WORKSPACE'] || undefined})]
    case 'sarif': return [(await import('../reporters/sarif.js')).sarif(files, {root: process.env['GITHUB_WORKSPACE'] || options.cwd})]
    case 'html': return [(await import('../reporters/html.js')).html(files, {cwd: options.cwd, durationMs: now() - options.started})]
    case 'compact': return [(await import('../reporters/pretty.js')).compact(files, {quiet: options.quiet})]
    default: {
      const seconds = (now() - options.started) / 1000
      return (await import('../reporters/pretty.js')).prettyChunks(files, {color: options.color, quiet: options.quiet, width: options.width, pages: files.length, seconds})
    }
  }
}

/** Pieces of a report are written in blocks of about this many characters, not one write each. */
const writeBlock = 64 * 1024

/** `fs.writeSync` until every byte is written, as `fs.writeFileSync` does. */
function writeAll(descriptor: number, text: string): void {
  const bytes = Buffer.from(text)
  for (let offset = 0; offset < bytes.length; ) offset += fs.writeSync(descriptor, bytes, offset)
}

/** Write a report's pieces as they come, in blocks; on a terminal, a report that is not empty ends with a line break. */
export function writeReport(pieces: Iterable<string>, write: (text: string) => void, endLine: boolean): void {
  let block = ''
  let last = ''
  for (const piece of pieces) {
    if (piece === '') continue
    block += piece
    last = piece
    if (block.length >= writeBlock) {
      write(block)
      block = ''
    }
  }
  if (endLine && last !== '' && !last.endsWith('\n')) block += '\n'
  if (block !== '') write(block)
}

/** Extensions `--output-file` reads a format from. */
const formatByExtension: ReadonlyArray<[RegExp, Format]> = [
  [/\.sarif(\.json)?$/i, 'sarif'],
  [/\.json$/i, 'json'],
  [/\.html?$/i, 'html'],
  [/\.(txt|log)$/i, 'pretty']
]

/** `--output-file [format=]path`: the format is given, or read from the extension. */
export function parseOutputFile(value: string): {format: Format; path: string} | string {
  const match = /^(\w+)=(.+)$/.exec(value)
  if (match) {
    if (!formatNames.includes(match[1] as Format)) return 'unknown format in `--output-file ' + value + '`, expected one of: ' + formatNames.join(', ')
    return {format: match[1] as Format, path: match[2]!}
  }
  const found = formatByExtension.find(([pattern]) => pattern.test(value))
  if (!found) {
    return 'cannot tell the format of `--output-file ' + value + '` from its extension (`.json`, `.sarif`, `.html`, `.txt`), expected `<format>=' + value + '` with one of: ' + formatNames.join(', ')
  }
  return {format: found[1], path: value}
}

async function writeHtml(destination: string, files: VFile[], options: {cwd: string; durationMs: number}): Promise<void> {
  const {htmlChunks} = await import('../reporters/html.js')
  const descriptor = fs.openSync(destination, 'w')
  try {
    for (const chunk of htmlChunks(files, options)) fs.writeSync(descriptor, chunk)
  } finally {
    fs.closeSync(descriptor)
  }
}

/** Write the report to each `--output-file`; a file that cannot be written is the error returned. */
export async function writeOutputFiles(targets: ReadonlyArray<{format: Format; path: string}>, files: VFile[], options: RenderOptions): Promise<string | undefined> {
  for (const target of targets) {
    let descriptor: number | undefined
    try {
      const destination = path.resolve(options.cwd, target.path)
      if (target.format === 'html') {
        await writeHtml(destination, files, {cwd: options.cwd, durationMs: now() - options.started})
        continue
      }
      const pieces = await render(target.format, files, {...options, color: false, width: undefined})
      descriptor = fs.openSync(destination, 'w')
      const file = descriptor
      writeReport(pieces, (text) => writeAll(file, text), false)
    } catch (error) {
      return 'cannot write `' + target.path + '`: ' + ((error as NodeJS.ErrnoException).code ?? (error as Error).message)
    } finally {
      if (descriptor !== undefined) fs.closeSync(descriptor)
    }
  }
  return undefined
}

/** With `--format github` in a GitHub Actions job: the run's summary, appended to the job's page. */
export async function appendGithubSummary(files: VFile[], io: CliIo): Promise<void> {
  const summaryFile = process.env['GITHUB_STEP_SUMMARY']
  if (!summaryFile) return
  try {
    const {githubSummary} = await import('../reporters/github.js')
    fs.appendFileSync(summaryFile, githubSummary(files, {workspace: process.env['GITHUB_WORKSPACE'] || undefined}))
  } catch {
    io.stderr('docs-lint: cannot append to GITHUB_STEP_SUMMARY `' + summaryFile + '`\n')
  }
}

/** On a terminal, after about a second, one self-updating line: pages done / started and the rate. */
export function progressLine(io: CliIo): ((done: number, started: number) => void) | undefined {
  if (!io.stderrIsTTY || process.env['CI']) return undefined
  const start = now()
  let last = 0
  return (done, started) => {
    const at = now()
    if (at - start < 1000 || at - last < 100) return
    last = at
    const rate = Math.round(done / ((at - start) / 1000))
    io.stderr('\r\u001B[Kdocs-lint: ' + done + '/' + started + ' pages, ' + rate + ' pages/s')
  }
}
