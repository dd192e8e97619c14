// What the command line talks to: its output streams, folder and terminal. Tests pass their own.

export interface CliIo {
  stdout: (text: string) => void
  stderr: (text: string) => void
  cwd: string
  isTTY: boolean
  /** The terminal's width: pretty output wraps its messages to it. */
  columns?: number | undefined
  /** A progress line goes to stderr only on a terminal, never in CI. */
  stderrIsTTY?: boolean
  /** The text of standard input, for `--stdin`; at most `limit` bytes, else it rejects. */
  readStdin?: (limit: number) => Promise<string>
}
