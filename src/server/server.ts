import path from 'node:path'
import {pathToFileURL} from 'node:url'
import {VFile} from 'vfile'
import type {VFileMessage} from 'vfile-message'
import {
  CodeActionKind,
  DiagnosticSeverity,
  DidChangeConfigurationNotification,
  TextDocuments,
  TextDocumentSyncKind,
  type Connection,
  type Diagnostic,
  type InitializeParams,
  type InitializeResult
} from 'vscode-languageserver'
import {TextDocument} from 'vscode-languageserver-textdocument'
import {lint} from '../engine/index.js'
import {PagePool} from '../engine/pool.js'
import {forgetStyles} from '../styles/registry.js'
import {enableIncrementalParse, forgetIncrementalParse} from '../page/incremental-parse.js'
import type {ResolvedConfig} from '../config/resolve.js'
import {findSiteRoot} from '../site/files.js'
import {SOURCE} from '../contract.js'
import {version} from '../shared/version.js'
import {absolutePath} from '../shared/relative-path.js'
import {FIX_ALL_KIND, messageToDiagnostic, targetOf} from './convert.js'
import {SiteMemo} from '../site/memo.js'
import {codeActionsFor} from './code-actions.js'
import {ClientSettings} from './settings.js'

export type {ServerSettings} from './settings.js'
import {noteChanges, registerWatchers, sweeper, uriToPath} from './watch.js'

/**
 * Quiet time after the last keystroke before a page is linted again: as long as its last lint took,
 * from `MIN_DEBOUNCE_MS` to `DEBOUNCE_MS`. A page that lints in 40 ms is linted almost as the writer
 * types; one that takes a second waits for a real pause, so fewer lints start that a newer text
 * replaces before they end.
 */
export const DEBOUNCE_MS = 150
export const MIN_DEBOUNCE_MS = 50

interface LintedPage {
  version: number
  text: string
  /** The page's path as the engine saw it (relative to its folder), for `fixText`. */
  path: string | undefined
  messages: VFileMessage[]
  diagnostics: Diagnostic[]
  bom: boolean
  config: ResolvedConfig | undefined
  /** The site this page belongs to (the folder of its docs.json), if any. */
  siteRoot: string | undefined
  /** Site config files (docs.json and the files it includes) with their problems, from the same run. */
  siteFiles: VFile[]
}

export interface ServerOptions {
  debounceMs?: number
  /** How long to wait for the client's answer to `workspace/configuration` before using the defaults. */
  configurationTimeoutMs?: number
  /** Pages of this many characters or more are linted in a worker thread, so requests are answered meanwhile. */
  workerPageChars?: number
  /** Diagnostics published for one page at most; one more says how many were left out. */
  maxDiagnostics?: number
}

/** A client that never answers `workspace/configuration` still gets diagnostics, with the defaults, after this. */
export const CONFIGURATION_TIMEOUT_MS = 3000
/**
 * Parsing a page of 256 KB takes some 100 ms: from this size on, a page is linted in a worker thread
 * (started on the first such page, then kept), so the server answers requests meanwhile.
 */
export const WORKER_PAGE_CHARS = 256 * 1024
/** A page the worker is still on after this long becomes one message, as with `--file-timeout`. */
const WORKER_PAGE_TIMEOUT_MS = 30_000
/** More problems than anyone reads in an editor; 156,000 of them took the server 1.4 GB. */
export const MAX_DIAGNOSTICS = 5000

/** Wire docs-lint into a language server connection: diagnostics, quick fixes and fix-all. */
export function startServer(connection: Connection, options: ServerOptions = {}): void {
  // Each edit re-parses only the part of the page it changed (see incremental-parse.ts).
  enableIncrementalParse()
  new DocsLintServer(connection, options).listen()
}

/** The server's state: open documents, their pending lints and results, what was published. */
class DocsLintServer {
  /** How long the last lint of each page took, which sets its debounce (unless `options.debounceMs`). */
  private readonly lintMs = new Map<string, number>()
  private readonly settings: ClientSettings
  private readonly workerPageChars: number
  private readonly maxDiagnostics: number
  /** False when the client says the workspace is not trusted: then no config written in JavaScript runs. */
  private trusted = true
  private readonly documents = new TextDocuments(TextDocument)
  private readonly timers = new Map<string, NodeJS.Timeout>()
  private readonly results = new Map<string, {key: string; promise: Promise<LintedPage>}>()
  /** Config files of each site (by root) whose diagnostics were published, to clear them once fixed. */
  private readonly publishedSiteFiles = new Map<string, Set<string>>()
  /** The generation of the result last published for each page. */
  private readonly publishedGeneration = new Map<string, number>()
  private workspaceFolders: string[] = []
  private canRegisterWatchers = false
  private canRegisterConfiguration = false
  private versionedEdits = false
  private workspaceFoldersSupported = false
  /** Bumped when something outside the page changes (config, docs.json, other pages): cached results are stale. */
  private generation = 0
  /** What the site checks read from the site, kept from edit to edit (see `SiteMemo`). */
  private readonly siteMemo = new SiteMemo()
  /** Pages changed on disk that the client's watcher did not tell of are found after a pause, and open pages linted again. */
  private readonly sweep = sweeper(this.siteMemo, () => this.relintAll())
  /** The worker that lints large pages: started for the first one, kept until shutdown. */
  private largePagePool: PagePool | undefined
  /** A page just opened is linted at once; edits wait for a pause in typing. (Opening fires both events.) */
  private readonly justOpened = new Set<string>()
  private shuttingDown = false

  constructor(private readonly connection: Connection, private readonly options: ServerOptions) {
    this.settings = new ClientSettings(connection, options.configurationTimeoutMs ?? CONFIGURATION_TIMEOUT_MS)
    this.workerPageChars = options.workerPageChars ?? WORKER_PAGE_CHARS
    this.maxDiagnostics = options.maxDiagnostics ?? MAX_DIAGNOSTICS
  }

  private debounceOf(uri: string): number {
    return this.options.debounceMs ?? Math.min(DEBOUNCE_MS, Math.max(MIN_DEBOUNCE_MS, Math.round(this.lintMs.get(uri) ?? DEBOUNCE_MS)))
  }

  listen(): void {
    this.listenLifecycle()
    this.listenDocuments()
    this.documents.listen(this.connection)
  }

  private listenLifecycle(): void {
    this.connection.onInitialize((params: InitializeParams): InitializeResult => {
      const capabilities = params.capabilities
      this.settings.canPull = capabilities.workspace?.configuration === true
      this.canRegisterWatchers = capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration === true
      this.canRegisterConfiguration = capabilities.workspace?.didChangeConfiguration?.dynamicRegistration === true
      this.versionedEdits = capabilities.workspace?.workspaceEdit?.documentChanges === true
      this.workspaceFoldersSupported = capabilities.workspace?.workspaceFolders === true
      // VS Code's workspace trust, as the extension passes it; other clients have no such notion.
      const initializationOptions = params.initializationOptions as {trusted?: unknown} | null | undefined
      this.trusted = initializationOptions?.trusted !== false
      const folders = params.workspaceFolders?.map((folder) => folder.uri) ??
        (params.rootUri ? [params.rootUri] : [])
      this.workspaceFolders = folders.map(uriToPath).filter((folder): folder is string => folder !== undefined)
      if (this.workspaceFolders.length === 0 && params.rootPath) this.workspaceFolders = [params.rootPath]
      return {
        capabilities: {
          textDocumentSync: {openClose: true, change: TextDocumentSyncKind.Incremental},
          codeActionProvider: {codeActionKinds: [CodeActionKind.QuickFix, FIX_ALL_KIND]},
          workspace: {workspaceFolders: {supported: true, changeNotifications: true}}
        },
        serverInfo: {name: 'docs-lint', version}
      }
    })

    this.connection.onInitialized(() => {
      if (this.canRegisterWatchers) registerWatchers(this.connection, this.siteMemo)
      if (this.canRegisterConfiguration) {
        void this.connection.client.register(DidChangeConfigurationNotification.type, {section: 'docs-lint'})
      }
      if (this.workspaceFoldersSupported) {
        this.connection.workspace.onDidChangeWorkspaceFolders((event) => {
          const removed = new Set(event.removed.map((folder) => uriToPath(folder.uri)))
          this.workspaceFolders = this.workspaceFolders.filter((folder) => !removed.has(folder))
          for (const folder of event.added) {
            const folderPath = uriToPath(folder.uri)
            if (folderPath) this.workspaceFolders.push(folderPath)
          }
          this.relintAll()
        })
      }
    })

    this.connection.onDidChangeConfiguration((change) => {
      const section = (change.settings as Record<string, unknown> | null | undefined)?.['docs-lint']
      this.settings.push(section)
      this.relintAll()
    })

    this.connection.onDidChangeWatchedFiles((params) => {
      // A changed style file is read again: styles are loaded once until then.
      forgetStyles()
      noteChanges(this.siteMemo, params)
      this.relintAll()
    })
  }

  private listenDocuments(): void {
    this.documents.onDidOpen((event) => this.justOpened.add(event.document.uri))
    this.documents.onDidChangeContent((event) => {
      const uri = event.document.uri
      this.schedule(uri, this.justOpened.delete(uri) ? 0 : this.debounceOf(uri))
    })
    this.documents.onDidClose((event) => {
      const uri = event.document.uri
      clearTimeout(this.timers.get(uri))
      this.timers.delete(uri)
      this.justOpened.delete(uri)
      this.results.delete(uri)
      this.settings.forget(uri)
      this.publishedGeneration.delete(uri)
      this.lintMs.delete(uri)
      const target = targetOf(event.document, this.workspaceFolders)
      if (target) forgetIncrementalParse(target.path)
      this.connection.sendDiagnostics({uri, diagnostics: []}).catch(() => {})
    })

    this.connection.onCodeAction(async (params) => {
      const document = this.documents.get(params.textDocument.uri)
      if (!document) return []
      try {
        const page = await this.resultFor(document)
        return await codeActionsFor(document, params, page, {versionedEdits: this.versionedEdits, isCurrent: () => this.documents.get(document.uri)?.version === page.version})
      } catch (error) {
        this.connection.console.error('docs-lint: code actions failed: ' + describe(error))
        return []
      }
    })

    this.connection.onShutdown(() => {
      this.shuttingDown = true
      this.sweep.stop()
      for (const timer of this.timers.values()) clearTimeout(timer)
      this.timers.clear()
      void this.largePagePool?.close()
      this.largePagePool = undefined
    })

    this.documents.listen(this.connection)
  }

  relintAll(): void {
    this.generation++
    for (const document of this.documents.all()) this.schedule(document.uri, this.debounceOf(document.uri))
  }

  private schedule(uri: string, delay: number): void {
    clearTimeout(this.timers.get(uri))
    this.timers.set(uri, setTimeout(() => {
      this.timers.delete(uri)
      void this.validate(uri)
    }, delay))
  }

  private async validate(uri: string): Promise<void> {
    const document = this.documents.get(uri)
    if (!document || this.shuttingDown) return
    const startGeneration = this.generation
    try {
      const started = performance.now()
      const page = await this.resultFor(document)
      this.lintMs.set(uri, performance.now() - started)
      const current = this.documents.get(uri)
      // A newer version arrived while linting: its own run publishes. A result of an older config
      // is still right about this text, so it shows until the newer one lands, never after it.
      if (!current || current.version !== page.version || this.shuttingDown) return
      if ((this.publishedGeneration.get(uri) ?? -1) > startGeneration) return
      this.publishedGeneration.set(uri, startGeneration)
      await this.connection.sendDiagnostics({uri, version: page.version, diagnostics: page.diagnostics})
      if (page.siteRoot !== undefined) await this.publishSiteFiles(page.siteRoot, page.siteFiles)
      this.sweep.schedule()
    } catch (error) {
      this.connection.console.error('docs-lint: cannot publish diagnostics for ' + uri + ': ' + describe(error))
    }
  }

  /** docs.json problems found while linting a page go on docs.json, open or not. */
  private async publishSiteFiles(siteRoot: string, files: VFile[]): Promise<void> {
    const previous = this.publishedSiteFiles.get(siteRoot) ?? new Set<string>()
    const current = new Set<string>()
    for (const file of files) {
      const uri = pathToFileURL(absolutePath(file)).href
      current.add(uri)
      await this.connection.sendDiagnostics({uri, diagnostics: file.messages.map((message) => messageToDiagnostic(message, false))})
    }
    for (const uri of previous) {
      if (!current.has(uri)) await this.connection.sendDiagnostics({uri, diagnostics: []})
    }
    this.publishedSiteFiles.set(siteRoot, current)
  }

  /** One lint per document version and generation, shared by diagnostics and code actions. */
  private resultFor(document: TextDocument): Promise<LintedPage> {
    const key = document.version + ':' + this.generation
    const cached = this.results.get(document.uri)
    if (cached && cached.key === key) return cached.promise
    const promise = this.lintDocument(document)
    this.results.set(document.uri, {key, promise})
    return promise
  }

  private async lintDocument(document: TextDocument): Promise<LintedPage> {
    const version = document.version
    const text = document.getText()
    const empty: LintedPage = {
      version, text, path: undefined, messages: [], diagnostics: [], bom: false, config: undefined, siteRoot: undefined, siteFiles: []
    }
    const target = targetOf(document, this.workspaceFolders)
    if (!target) return empty
    const settings = await this.settings.of(document.uri)
    if (!settings.enable) return empty
    try {
      const file = new VFile({path: target.path, value: text})
      // A large page is linted in a worker thread: this one goes on answering requests meanwhile.
      const pool = text.length >= this.workerPageChars ? (this.largePagePool ??= new PagePool(1, WORKER_PAGE_TIMEOUT_MS)) : undefined
      const result = await lint({files: [file], cwd: target.cwd, configPath: settings.config, jobs: 0, pool, trusted: this.trusted, siteMemo: this.siteMemo})
      if (result.configErrors.length > 0) {
        // The CLI stops with exit code 2; in an editor, the problem shows on the page it blocks.
        const diagnostics = result.configErrors.map((reason): Diagnostic => ({
          range: {start: {line: 0, character: 0}, end: {line: 0, character: 0}},
          severity: DiagnosticSeverity.Error,
          source: SOURCE,
          message: 'Cannot lint this page: ' + reason
        }))
        return {...empty, diagnostics}
      }
      // An ignored page comes back as no file: it has no problems. Other files are site config files.
      const linted = result.files.find((candidate) => candidate === file)
      if (!linted) return empty
      const bom = linted.data['bom'] === true
      const messages = linted.messages
      const siteRoot = findSiteRoot(path.dirname(target.path), new Map())
      return {
        version,
        text,
        path: linted.path,
        messages,
        diagnostics: this.cappedDiagnostics(messages, bom),
        bom,
        config: linted.data['docsLintConfig'] as ResolvedConfig | undefined,
        siteRoot,
        siteFiles: siteRoot === undefined ? [] : result.files.filter((candidate) => candidate !== file)
      }
    } catch (error) {
      this.connection.console.error('docs-lint: cannot lint ' + document.uri + ': ' + describe(error))
      return {
        ...empty,
        diagnostics: [{
          range: {start: {line: 0, character: 0}, end: {line: 0, character: 0}},
          severity: DiagnosticSeverity.Error,
          source: SOURCE,
          message: 'Cannot lint this page: ' + describe(error)
        }]
      }
    }
  }

  /** The first `maxDiagnostics` problems, then one that says how many more the page has. */
  private cappedDiagnostics(messages: readonly VFileMessage[], bom: boolean): Diagnostic[] {
    const diagnostics = messages.slice(0, this.maxDiagnostics).map((message) => messageToDiagnostic(message, bom))
    const hidden = messages.length - diagnostics.length
    if (hidden > 0) {
      diagnostics.push({
        range: {start: {line: 0, character: 0}, end: {line: 0, character: 0}},
        severity: DiagnosticSeverity.Information,
        source: SOURCE,
        message: hidden + ' more problems on this page are not shown: the editor shows the first ' + this.maxDiagnostics + '; run `docs-lint` on the page for all of them'
      })
    }
    return diagnostics
  }


}


function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
