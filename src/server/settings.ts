// The editor's settings for docs-lint (`docs-lint.enable`, `docs-lint.config`): pulled per page when the
// client can answer `workspace/configuration`, pushed otherwise, defaults when it never answers.
import type {Connection} from 'vscode-languageserver'

/** What a user sets under `docs-lint` in the editor (all optional; `null` from the client means defaults). */
export interface ServerSettings {
  /** Lint pages at all. */
  enable: boolean
  /** A config file used for every page instead of searching for `.docs-lintrc*` (the CLI's `--config`). */
  config: string | undefined
}

export const defaultSettings: ServerSettings = {enable: true, config: undefined}

/** The settings of each page, asked of the client once a page until they change. */
export class ClientSettings {
  /** The client answers `workspace/configuration` (set when it says so at start). */
  canPull = false
  private pushed: ServerSettings | undefined
  private readonly cache = new Map<string, Promise<ServerSettings>>()
  private timedOut = false

  constructor(private readonly connection: Connection, private readonly timeoutMs: number) {}

  /** Settings the client pushed (`workspace/didChangeConfiguration`): every page's are asked again. */
  push(section: unknown): void {
    this.pushed = section && typeof section === 'object' ? readSettings(section) : undefined
    this.cache.clear()
  }

  forget(uri: string): void {
    this.cache.delete(uri)
  }

  of(uri: string): Promise<ServerSettings> {
    if (!this.canPull) return Promise.resolve(this.pushed ?? defaultSettings)
    let settings = this.cache.get(uri)
    if (!settings) {
      let timer: NodeJS.Timeout | undefined
      // A client that never answers would leave every page without diagnostics.
      const timeout = new Promise<ServerSettings>((resolve) => {
        timer = setTimeout(() => {
          if (!this.timedOut) {
            this.timedOut = true
            this.connection.console.warn(
              'docs-lint: the editor did not answer `workspace/configuration` within ' + this.timeoutMs + ' ms; linting with the default settings'
            )
          }
          resolve(this.pushed ?? defaultSettings)
        }, this.timeoutMs)
      })
      const answer = this.connection.workspace
        .getConfiguration({scopeUri: uri, section: 'docs-lint'})
        .then((value: unknown) => readSettings(value), () => defaultSettings)
      settings = Promise.race([answer, timeout]).finally(() => clearTimeout(timer))
      this.cache.set(uri, settings)
    }
    return settings
  }
}

function readSettings(value: unknown): ServerSettings {
  if (!value || typeof value !== 'object') return defaultSettings
  const record = value as Record<string, unknown>
  return {
    enable: record['enable'] !== false,
    config: typeof record['config'] === 'string' && record['config'] !== '' ? record['config'] : undefined
  }
}
