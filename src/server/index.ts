import {createConnection, ProposedFeatures} from 'vscode-languageserver/node.js'
import {version} from '../version.js'
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
  // vscode-languageserver reads the transport from process.argv and routes console.* to the client.
  const connection = createConnection(ProposedFeatures.all)
  startServer(connection)
  connection.listen()
  return undefined
}
