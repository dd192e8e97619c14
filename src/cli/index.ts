// The command line: `docs-lint [options] [paths]` and its subcommands. It reads the options
// (options.ts), lints (the engine), applies fixes (fix.ts) and suppressions, and writes the report
// (output.ts). Bad input is a message and exit code 2, never a stack trace.
import path from 'node:path'
import type {VFile} from 'vfile'
import {lint, type LintResult} from '../engine/index.js'
import {escapeControl} from '../reporters/control.js'
import {applySuppressions, pruneSuppressions, recordSuppressions, writeSuppressions} from './suppressions.js'
import {now} from '../shared/timing.js'
import {version} from '../shared/version.js'
import type {ResultsOfRun, ResultSettings} from '../engine/results.js'
import {fixFiles} from './fix.js'
import {listRules, printConfig} from './info.js'
import type {CliIo} from './io.js'
import {help, parseCommandLine, readFlags, usageError, type RunFlags, type Values} from './options.js'
import {appendGithubSummary, progressLine, render, writeOutputFiles, writeReport, type RenderOptions} from './output.js'
import {runSubcommand} from './subcommand.js'
import {keepNamedFiles, keepWhatTheChangeCaused, lintStdin, unmatchedPatterns} from './pages.js'

export type {CliIo} from './io.js'

/** Run the CLI and return its exit code. Never throws for bad input: it reports and returns 2. */
export async function main(argv: string[], io: CliIo): Promise<number> {
  const started = now()
  if (argv[0] === 'llms') {
    const {secretsIn} = await import('../linter/secrets.js')
    const {llmsCommand, llmsHelp, llmsOptions} = await import('../llms/command.js')
    return runSubcommand({name: 'llms', options: llmsOptions, help: llmsHelp}, argv.slice(1), io, (parsed) => llmsCommand(parsed, io, (source) => secretsIn(source, undefined)))
  }
  if (argv[0] === 'conventions') {
    const {conventionsCommand, conventionsHelp, conventionsOptions, withOptionalValues} = await import('../conventions/command.js')
    return runSubcommand({name: 'conventions', options: conventionsOptions, help: conventionsHelp, prepare: withOptionalValues}, argv.slice(1), io, (parsed) => conventionsCommand(parsed, io))
  }
  if (argv[0] === 'init') {
    const {initCommand, initHelp, initOptions} = await import('../init/command.js')
    return runSubcommand({name: 'init', options: initOptions, help: initHelp}, argv.slice(1), io, (parsed) => initCommand(parsed, io))
  }
  // `docs-lint merge <results…>`: the report of the shards' results, as one run over the whole site gives it.
  const merging = argv[0] === 'merge'
  let parsed
  try {
    parsed = parseCommandLine(merging ? argv.slice(1) : argv)
  } catch (error) {
    io.stderr('docs-lint: ' + usageError(error as Error & {code?: string}) + '\nRun `docs-lint --help` for usage.\n')
    return 2
  }
  const {values} = parsed
  if (values.help) {
    io.stdout(help + '\n')
    return 0
  }
  if (values.version) {
    io.stdout(version + '\n')
    return 0
  }
  if (values['list-rules']) return listRules(values.config, io)
  if (values['print-config'] !== undefined) return printConfig(values['print-config'], values.config, io)
  // The shards' results to report (`docs-lint merge`), or a recorder of this run's (`--write-result`).
  let results: ResultsOfRun = {}
  let positionals = parsed.positionals
  if (merging || values['write-result'] !== undefined) {
    const prepared = (await import('../engine/results.js')).resultsOfRun(merging, values, positionals, io.cwd)
    if (typeof prepared === 'string') return usage(io, escapeControl(prepared))
    results = prepared
    if (prepared.merged) positionals = prepared.merged.settings.patterns
  }
  const flags = readFlags(values, positionals, io.cwd)
  if (typeof flags === 'string') return usage(io, flags)
  const settings: ResultSettings = results.merged?.settings ?? {
    patterns: positionals,
    configPath: values.config ?? null,
    overrides: flags.overrides,
    gitignore: !values['no-gitignore'],
    maxFileSize: flags.maxFileSize ?? null,
    reportUnusedDisableDirectives: values['report-unused-disable-directives'] ?? false
  }
  const result = values.stdin
    ? await lintStdin(values['stdin-filename'], flags.maxFileSize, values.config, flags.overrides, values['report-unused-disable-directives'], io)
    : await lint({
      patterns: settings.patterns,
      cwd: io.cwd,
      configPath: settings.configPath ?? undefined,
      gitignore: settings.gitignore,
      overrides: settings.overrides,
      reportUnusedDisableDirectives: settings.reportUnusedDisableDirectives,
      record: results.recorder,
      given: results.merged?.given,
      only: flags.changes?.pages,
      changes: flags.changes,
      shard: flags.shard,
      maxFileSize: settings.maxFileSize ?? undefined,
      jobs: flags.jobs,
      fileTimeoutMs: flags.fileTimeoutMs,
      onProgress: progressLine(io),
      cacheLocation: values.cache || values['cache-location'] !== undefined ? values['cache-location'] ?? '.docs-lint-cache' : undefined
    })
  if (io.stderrIsTTY && !process.env['CI']) io.stderr('\r\u001B[K')
  // Notices and config errors may name files: their control characters reach no terminal.
  for (const notice of result.notices) io.stderr('docs-lint: ' + escapeControl(notice) + '\n')
  if (result.configErrors.length > 0) {
    for (const message of result.configErrors) io.stderr('docs-lint: ' + escapeControl(message) + '\n')
    return 2
  }
  const unwritten = results.recorder?.write(values['write-result']!, flags.shard ?? {index: 1, count: 1}, settings)
  if (unwritten) return usage(io, unwritten)
  const settled = await settle(result, values, flags, positionals, io)
  if (settled !== undefined) return settled
  return report(result.files, values, flags, started, io)
}

function usage(io: CliIo, problem: string): number {
  io.stderr('docs-lint: ' + problem + '\n')
  return 2
}

/**
 * What a run does to its findings before it reports them: keep those of the pages asked for, apply
 * the fixes and record, prune or apply suppressions. A number is the exit code of a run that stops.
 */
async function settle(result: LintResult, values: Values, flags: RunFlags, positionals: readonly string[], io: CliIo): Promise<number | undefined> {
  const files = result.files
  if (flags.changes) keepWhatTheChangeCaused(files, flags.changes)
  // A path that does not exist, or a glob that matches no page, is a mistake in the command: say so
  // and exit 2, instead of passing without looking at anything.
  if (!values['no-error-on-unmatched-pattern'] && !flags.changes && !flags.shard && !values.stdin) {
    const unmatched = unmatchedPatterns(positionals.length > 0 ? positionals : ['.'], files, io.cwd)
    if (unmatched.length > 0) {
      for (const problem of unmatched) io.stderr('docs-lint: ' + problem + '\n')
      return 2
    }
  }
  // Pages named one by one (`docs-lint guides/a.mdx`): only they are reported, as in ESLint; the
  // site's config files are reported when a folder, a glob or the file itself is named.
  if (!flags.changes && !values.stdin) keepNamedFiles(files, positionals, io.cwd)
  const dryRun = values['fix-dry-run'] ?? false
  if (values.fix || dryRun || flags.fixRules) {
    const {diffs, problems, written} = await fixFiles(files, {write: !dryRun, rules: flags.fixRules, roots: result.roots})
    if (dryRun && flags.format === 'pretty' && diffs.length > 0) io.stdout(escapeControl(diffs.join('')))
    if (written > 0) io.stderr('docs-lint: fixed ' + plural(problems, 'problem') + ' in ' + plural(written, 'file') + '\n')
  }
  let suppressions = flags.suppressions
  if (flags.recording || values['prune-suppressions']) {
    suppressions = flags.recording
      ? recordSuppressions(suppressions, files, io.cwd, values['suppress-all'] ? undefined : new Set(values['suppress-rule']))
      : pruneSuppressions(suppressions ?? {}, files, io.cwd)
    try {
      writeSuppressions(flags.suppressionsPath, suppressions)
    } catch (error) {
      return usage(io, 'cannot write `' + path.relative(io.cwd, flags.suppressionsPath) + '`: ' + ((error as NodeJS.ErrnoException).code ?? (error as Error).message))
    }
  }
  if (!suppressions) return undefined
  const {suppressed, unused} = applySuppressions(files, io.cwd, suppressions)
  const name = path.relative(io.cwd, flags.suppressionsPath) || flags.suppressionsPath
  if (suppressed > 0) io.stderr('docs-lint: ' + suppressed + ' known ' + (suppressed === 1 ? 'finding' : 'findings') + ' suppressed by `' + name + '`\n')
  // A partial run cannot tell a stale suppression from a finding it did not look for: it says nothing of them.
  if (unused > 0 && !values['prune-suppressions'] && !flags.partialRun) {
    io.stderr('docs-lint: ' + unused + ' suppressed ' + (unused === 1 ? 'finding no longer occurs' : 'findings no longer occur') + ': run with `--prune-suppressions` to update `' + name + '`\n')
  }
  return undefined
}

/** Write the report to standard output and the output files; the exit code. */
async function report(files: VFile[], values: Values, flags: RunFlags, started: number, io: CliIo): Promise<number> {
  if (values.quiet) {
    for (const file of files) file.messages = file.messages.filter((message) => message.fatal === true)
  }
  const {errors, warnings} = count(files)
  const color = values['no-color'] ? false : values.color ?? (io.isTTY && !process.env['NO_COLOR'])
  const renderOptions: RenderOptions = {color, quiet: values.quiet ?? false, cwd: io.cwd, width: io.columns, started}
  writeReport(await render(flags.format, files, renderOptions), io.stdout, true)
  const unwritten = await writeOutputFiles(flags.outputFiles, files, renderOptions)
  if (unwritten) return usage(io, unwritten)
  if (flags.format === 'github') await appendGithubSummary(files, io)
  if (errors > 0) return 1
  if (flags.maxWarnings >= 0 && warnings > flags.maxWarnings) {
    io.stderr('docs-lint: too many warnings (' + warnings + '), expected at most ' + flags.maxWarnings + '\n')
    return 1
  }
  return 0
}

function count(files: VFile[]): {errors: number; warnings: number} {
  let errors = 0
  let warnings = 0
  for (const file of files) {
    for (const message of file.messages) {
      if (message.fatal === true) errors++
      else if (message.fatal === false) warnings++
    }
  }
  return {errors, warnings}
}

/** `1 file`, `7 files`. */
function plural(count: number, noun: string): string {
  return count + ' ' + noun + (count === 1 ? '' : 's')
}
