import {format} from 'node:util'
import {createConnection, ProposedFeatures, type Connection} from 'vscode-languageserver/node.js'
import {FrameGuard} from './frames.js'
import {version} from '../shared/version.js'
import {startServer} from './server.js'

export {startServer, DEBOUNCE_MS, type ServerSettings, type ServerOptions} from './server.js'

const usage = `Usage: docs-lint-language-server --stdio

The docs-lint language server: diagnostics as you type, quick fixes and
\`source.fixAll.docs-lint\` for Markdown and MDX pages, with the same config as the CLI.

Transports (one is required):
  --stdio              Talk LSP over standard input and output
  --node-ipc           Talk LSP over a Node.js IPC channel
  --socket=<port>      Talk LSP over a TCP socket
  --pipe=<name>        Talk LSP over a named pipe

  -h, --help           Show this help
  -v, --version        Show the version
`

/** Start the server on the transport named in `argv`; returns an exit code when it does not start. */
export function main(argv: readonly string[], io: {stdout: (text: string) => void; stderr: (text: string) => void}): number | undefined {
  if (argv.includes('--help') || argv.includes('-h')) {
    io.stdout(usage)
    return 0
  }
  if (argv.includes('--version') || argv.includes('-v')) {
    io.stdout(version + '\n')
    return 0
  }
  const transport = argv.some((arg) => arg === '--stdio' || arg === '--node-ipc' || /^--(socket|pipe)(=|$)/.test(arg))
  if (!transport) {
    io.stderr('docs-lint-language-server: missing transport, expected `--stdio`, `--node-ipc`, `--socket=<port>` or `--pipe=<name>`\n\n' + usage)
    return 2
  }
  const connection = argv.includes('--stdio') ? guardedStdio(io) : createConnection(ProposedFeatures.all)
  startServer(connection)
  connection.listen()
  return undefined
}

/**
 * Standard input through a `FrameGuard`: a malformed frame is logged and closes the connection, so the
 * client restarts the server instead of talking to one that answers nothing. (The other transports
 * are read as vscode-languageserver reads them.)
 */
function guardedStdio(io: {stderr: (text: string) => void}): Connection {
  const input = process.stdin.pipe(
    new FrameGuard((reason) => io.stderr('docs-lint-language-server: closing the connection: the client sent ' + reason + '\n'))
  )
  // Standard output is the protocol channel: what a rule or library prints goes to standard error.
  for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    console[method] = (...args: unknown[]) => io.stderr(format(...args) + '\n')
  }
  return createConnection(ProposedFeatures.all, input, process.stdout)
}
