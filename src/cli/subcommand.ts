// The subcommands' arguments (`docs-lint llms`, `init`, `conventions`), read one way: a command
// declares its options and help; `--help` prints the help, and a mistake is one line and exit code 2.
import {parseArgs, type ParseArgsConfig} from 'node:util'
import type {CliIo} from './io.js'

type Options = NonNullable<ParseArgsConfig['options']>

/** What a subcommand declares: its options (`--help` is added) and its help text. */
export interface SubcommandSpec<O extends Options> {
  name: string
  options: O
  help: string
  /** Rewrites the arguments before they are parsed (options whose value may be left out). */
  prepare?: (argv: readonly string[]) => string[]
}

/** The parsed arguments a subcommand runs with. */
export type Parsed<O extends Options> = ReturnType<typeof parseArgs<{options: O; allowPositionals: true; strict: true}>>

/**
 * Parse `argv` for the subcommand, then run it. `run` returns the exit code, or a string: a mistake in
 * the arguments it found itself, reported like one parseArgs found.
 */
export async function runSubcommand<O extends Options>(
  spec: SubcommandSpec<O>,
  argv: readonly string[],
  io: CliIo,
  run: (parsed: Parsed<O>) => number | string | Promise<number | string>
): Promise<number> {
  const usage = (problem: string): number => {
    io.stderr('docs-lint ' + spec.name + ': ' + problem + '\nRun `docs-lint ' + spec.name + ' --help` for usage.\n')
    return 2
  }
  let parsed: Parsed<O>
  try {
    parsed = parseArgs({args: spec.prepare ? spec.prepare(argv) : [...argv], allowPositionals: true, strict: true, options: spec.options}) as Parsed<O>
  } catch (error) {
    return usage((error as Error).message)
  }
  if ((parsed.values as {help?: boolean}).help) {
    io.stdout(spec.help + '\n')
    return 0
  }
  const outcome = await run(parsed)
  return typeof outcome === 'string' ? usage(outcome) : outcome
}
