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
  type CodeAction,
  type CodeActionParams,
  type Connection,
  type Diagnostic,
  type InitializeParams,
  type InitializeResult,
  type TextEdit,
  type WorkspaceEdit
} from 'vscode-languageserver'
import {TextDocument} from 'vscode-languageserver-textdocument'
import {lint} from '../engine/index.js'
import {PagePool} from '../engine/pool.js'
import {forgetStyles} from '../styles/registry.js'
import {enableIncrementalParse, forgetIncrementalParse} from '../page/incremental-parse.js'
import {fixText} from '../fix/fix.js'
import type {ResolvedConfig} from '../config/resolve.js'
import {findSiteRoot} from '../site/files.js'
import {SOURCE, type MessageExtras, type TextEdit as OffsetEdit} from '../contract.js'
import {version} from '../shared/version.js'
import {reportableEdits} from '../page/redact.js'
import {absolutePath} from '../shared/relative-path.js'
import {
  FIX_ALL_KIND,
  editsBetween,
  editsWithoutSecrets,
  kindRequested,
  messageRange,
  messageToDiagnostic,
  rangesTouch
} from './convert.js'
import {SiteMemo} from '../site/memo.js'
import {noteChanges, registerWatchers, sweeper, uriToPath} from './watch.js'

/**
 * Quiet time after the last keystroke before a page is linted again: as long as its last lint took,
 * from `MIN_DEBOUNCE_MS` to `DEBOUNCE_MS`. A page that lints in 40 ms is linted almost as the writer
 * types; one that takes a second waits for a real pause, so fewer lints start that a newer text
 * replaces before they end.
 */
export const DEBOUNCE_MS = 150
export const MIN_DEBOUNCE_MS = 50

/** What a user sets under `docs-lint` in the editor (all optional; `null` from the client means defaults). */
export interface ServerSettings {
  /** Lint pages at all. */
  enable: boolean
  /** A config file used for every page instead of searching for `.docs-lintrc*` (the CLI's `--config`). */
  config: string | undefined
}

const defaultSettings: ServerSettings = {enable: true, config: undefined}

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

interface Target {
  path: string
  cwd: string
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
  /** How long the last lint of each page took, which sets its debounce (unless `options.debounceMs`). */
  const lintMs = new Map<string, number>()
  const debounceOf = (uri: string): number =>
    options.debounceMs ?? Math.min(DEBOUNCE_MS, Math.max(MIN_DEBOUNCE_MS, Math.round(lintMs.get(uri) ?? DEBOUNCE_MS)))
  // Each edit re-parses only the part of the page it changed (see incremental-parse.ts).
  enableIncrementalParse()
  const configurationTimeoutMs = options.configurationTimeoutMs ?? CONFIGURATION_TIMEOUT_MS
  const workerPageChars = options.workerPageChars ?? WORKER_PAGE_CHARS
  const maxDiagnostics = options.maxDiagnostics ?? MAX_DIAGNOSTICS
  /** False when the client says the workspace is not trusted: then no config written in JavaScript runs. */
  let trusted = true
  let configurationTimedOut = false
  const documents = new TextDocuments(TextDocument)
  const timers = new Map<string, NodeJS.Timeout>()
  const results = new Map<string, {key: string; promise: Promise<LintedPage>}>()
  const settingsCache = new Map<string, Promise<ServerSettings>>()
  /** Config files of each site (by root) whose diagnostics were published, to clear them once fixed. */
  const publishedSiteFiles = new Map<string, Set<string>>()
  /** The generation of the result last published for each page. */
  const publishedGeneration = new Map<string, number>()
  let workspaceFolders: string[] = []
  let canPullConfiguration = false
  let canRegisterWatchers = false
  let canRegisterConfiguration = false
  let versionedEdits = false
  let workspaceFoldersSupported = false
  let pushedSettings: ServerSettings | undefined
  /** Bumped when something outside the page changes (config, docs.json, other pages): cached results are stale. */
  let generation = 0
  /** What the site checks read from the site, kept from edit to edit (see `SiteMemo`). */
  const siteMemo = new SiteMemo()
  /** Pages changed on disk that the client's watcher did not tell of are found after a pause, and open pages linted again. */
  const sweep = sweeper(siteMemo, () => relintAll())
  /** The worker that lints large pages: started for the first one, kept until shutdown. */
  let largePagePool: PagePool | undefined

  connection.onInitialize((params: InitializeParams): InitializeResult => {
    const capabilities = params.capabilities
    canPullConfiguration = capabilities.workspace?.configuration === true
    canRegisterWatchers = capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration === true
    canRegisterConfiguration = capabilities.workspace?.didChangeConfiguration?.dynamicRegistration === true
    versionedEdits = capabilities.workspace?.workspaceEdit?.documentChanges === true
    workspaceFoldersSupported = capabilities.workspace?.workspaceFolders === true
    // VS Code's workspace trust, as the extension passes it; other clients have no such notion.
    const initializationOptions = params.initializationOptions as {trusted?: unknown} | null | undefined
    trusted = initializationOptions?.trusted !== false
    const folders = params.workspaceFolders?.map((folder) => folder.uri) ??
      (params.rootUri ? [params.rootUri] : [])
    workspaceFolders = folders.map(uriToPath).filter((folder): folder is string => folder !== undefined)
    if (workspaceFolders.length === 0 && params.rootPath) workspaceFolders = [params.rootPath]
    return {
      capabilities: {
        textDocumentSync: {openClose: true, change: TextDocumentSyncKind.Incremental},
        codeActionProvider: {codeActionKinds: [CodeActionKind.QuickFix, FIX_ALL_KIND]},
        workspace: {workspaceFolders: {supported: true, changeNotifications: true}}
      },
      serverInfo: {name: 'docs-lint', version}
    }
  })

  connection.onInitialized(() => {
    if (canRegisterWatchers) registerWatchers(connection, siteMemo)
    if (canRegisterConfiguration) {
      void connection.client.register(DidChangeConfigurationNotification.type, {section: 'docs-lint'})
    }
    if (workspaceFoldersSupported) {
      connection.workspace.onDidChangeWorkspaceFolders((event) => {
        const removed = new Set(event.removed.map((folder) => uriToPath(folder.uri)))
        workspaceFolders = workspaceFolders.filter((folder) => !removed.has(folder))
        for (const folder of event.added) {
          const folderPath = uriToPath(folder.uri)
          if (folderPath) workspaceFolders.push(folderPath)
        }
        relintAll()
      })
    }
  })

  connection.onDidChangeConfiguration((change) => {
    const section = (change.settings as Record<string, unknown> | null | undefined)?.['docs-lint']
    pushedSettings = section && typeof section === 'object' ? readSettings(section) : undefined
    settingsCache.clear()
    relintAll()
  })

  connection.onDidChangeWatchedFiles((params) => {
    // A changed style file is read again: styles are loaded once until then.
    forgetStyles()
    noteChanges(siteMemo, params)
    relintAll()
  })

  // A page just opened is linted at once; edits wait for a pause in typing. (Opening fires both events.)
  const justOpened = new Set<string>()
  documents.onDidOpen((event) => justOpened.add(event.document.uri))
  documents.onDidChangeContent((event) => {
    const uri = event.document.uri
    schedule(uri, justOpened.delete(uri) ? 0 : debounceOf(uri))
  })
  documents.onDidClose((event) => {
    const uri = event.document.uri
    clearTimeout(timers.get(uri))
    timers.delete(uri)
    justOpened.delete(uri)
    results.delete(uri)
    settingsCache.delete(uri)
    publishedGeneration.delete(uri)
    lintMs.delete(uri)
    const target = targetOf(event.document)
    if (target) forgetIncrementalParse(target.path)
    connection.sendDiagnostics({uri, diagnostics: []}).catch(() => {})
  })

  connection.onCodeAction(async (params) => {
    const document = documents.get(params.textDocument.uri)
    if (!document) return []
    try {
      return await codeActions(document, params)
    } catch (error) {
      connection.console.error('docs-lint: code actions failed: ' + describe(error))
      return []
    }
  })

  let shuttingDown = false
  connection.onShutdown(() => {
    shuttingDown = true
    sweep.stop()
    for (const timer of timers.values()) clearTimeout(timer)
    timers.clear()
    void largePagePool?.close()
    largePagePool = undefined
  })

  documents.listen(connection)

  function relintAll(): void {
    generation++
    for (const document of documents.all()) schedule(document.uri, debounceOf(document.uri))
  }

  function schedule(uri: string, delay: number): void {
    clearTimeout(timers.get(uri))
    timers.set(uri, setTimeout(() => {
      timers.delete(uri)
      void validate(uri)
    }, delay))
  }

  async function validate(uri: string): Promise<void> {
    const document = documents.get(uri)
    if (!document || shuttingDown) return
    const startGeneration = generation
    try {
      const started = performance.now()
      const page = await resultFor(document)
      lintMs.set(uri, performance.now() - started)
      const current = documents.get(uri)
      // A newer version arrived while linting: its own run publishes. A result of an older config
      // is still right about this text, so it shows until the newer one lands, never after it.
      if (!current || current.version !== page.version || shuttingDown) return
      if ((publishedGeneration.get(uri) ?? -1) > startGeneration) return
      publishedGeneration.set(uri, startGeneration)
      await connection.sendDiagnostics({uri, version: page.version, diagnostics: page.diagnostics})
      if (page.siteRoot !== undefined) await publishSiteFiles(page.siteRoot, page.siteFiles)
      sweep.schedule()
    } catch (error) {
      connection.console.error('docs-lint: cannot publish diagnostics for ' + uri + ': ' + describe(error))
    }
  }

  /** docs.json problems found while linting a page go on docs.json, open or not. */
  async function publishSiteFiles(siteRoot: string, files: VFile[]): Promise<void> {
    const previous = publishedSiteFiles.get(siteRoot) ?? new Set<string>()
    const current = new Set<string>()
    for (const file of files) {
      const uri = pathToFileURL(absolutePath(file)).href
      current.add(uri)
      await connection.sendDiagnostics({uri, diagnostics: file.messages.map((message) => messageToDiagnostic(message, false))})
    }
    for (const uri of previous) {
      if (!current.has(uri)) await connection.sendDiagnostics({uri, diagnostics: []})
    }
    publishedSiteFiles.set(siteRoot, current)
  }

  /** One lint per document version and generation, shared by diagnostics and code actions. */
  function resultFor(document: TextDocument): Promise<LintedPage> {
    const key = document.version + ':' + generation
    const cached = results.get(document.uri)
    if (cached && cached.key === key) return cached.promise
    const promise = lintDocument(document)
    results.set(document.uri, {key, promise})
    return promise
  }

  async function lintDocument(document: TextDocument): Promise<LintedPage> {
    const version = document.version
    const text = document.getText()
    const empty: LintedPage = {
      version, text, path: undefined, messages: [], diagnostics: [], bom: false, config: undefined, siteRoot: undefined, siteFiles: []
    }
    const target = targetOf(document)
    if (!target) return empty
    const settings = await settingsFor(document.uri)
    if (!settings.enable) return empty
    try {
      const file = new VFile({path: target.path, value: text})
      // A large page is linted in a worker thread: this one goes on answering requests meanwhile.
      const pool = text.length >= workerPageChars ? (largePagePool ??= new PagePool(1, WORKER_PAGE_TIMEOUT_MS)) : undefined
      const result = await lint({files: [file], cwd: target.cwd, configPath: settings.config, jobs: 0, pool, trusted, siteMemo})
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
        diagnostics: cappedDiagnostics(messages, bom),
        bom,
        config: linted.data['docsLintConfig'] as ResolvedConfig | undefined,
        siteRoot,
        siteFiles: siteRoot === undefined ? [] : result.files.filter((candidate) => candidate !== file)
      }
    } catch (error) {
      connection.console.error('docs-lint: cannot lint ' + document.uri + ': ' + describe(error))
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

  /** Pages are linted at their path on disk, from the workspace folder that holds them. */
  function targetOf(document: TextDocument): Target | undefined {
    const filePath = uriToPath(document.uri)
    if (filePath) {
      if (!/\.mdx?$/i.test(filePath)) return undefined
      return {path: filePath, cwd: folderOf(filePath) ?? path.dirname(filePath)}
    }
    // An unsaved page has no path yet: its language decides Markdown or MDX.
    const extension = document.languageId === 'markdown' ? '.md' : document.languageId === 'mdx' ? '.mdx' : undefined
    if (!extension) return undefined
    const cwd = workspaceFolders[0] ?? process.cwd()
    const name = (document.uri.split(/[/:]/).pop() || 'untitled').replace(/\.mdx?$/i, '')
    return {path: path.join(cwd, name + extension), cwd}
  }

  function folderOf(filePath: string): string | undefined {
    let best: string | undefined
    for (const folder of workspaceFolders) {
      const relative = path.relative(folder, filePath)
      if (relative && !relative.startsWith('..') && !path.isAbsolute(relative)) {
        if (!best || folder.length > best.length) best = folder
      }
    }
    return best
  }

  /** The first `maxDiagnostics` problems, then one that says how many more the page has. */
  function cappedDiagnostics(messages: readonly VFileMessage[], bom: boolean): Diagnostic[] {
    const diagnostics = messages.slice(0, maxDiagnostics).map((message) => messageToDiagnostic(message, bom))
    const hidden = messages.length - diagnostics.length
    if (hidden > 0) {
      diagnostics.push({
        range: {start: {line: 0, character: 0}, end: {line: 0, character: 0}},
        severity: DiagnosticSeverity.Information,
        source: SOURCE,
        message: hidden + ' more problems on this page are not shown: the editor shows the first ' + maxDiagnostics + '; run `docs-lint` on the page for all of them'
      })
    }
    return diagnostics
  }

  function settingsFor(uri: string): Promise<ServerSettings> {
    if (!canPullConfiguration) return Promise.resolve(pushedSettings ?? defaultSettings)
    let settings = settingsCache.get(uri)
    if (!settings) {
      let timer: NodeJS.Timeout | undefined
      // A client that never answers would leave every page without diagnostics.
      const timeout = new Promise<ServerSettings>((resolve) => {
        timer = setTimeout(() => {
          if (!configurationTimedOut) {
            configurationTimedOut = true
            connection.console.warn(
              'docs-lint: the editor did not answer `workspace/configuration` within ' + configurationTimeoutMs + ' ms; linting with the default settings'
            )
          }
          resolve(pushedSettings ?? defaultSettings)
        }, configurationTimeoutMs)
      })
      const answer = connection.workspace
        .getConfiguration({scopeUri: uri, section: 'docs-lint'})
        .then((value: unknown) => readSettings(value), () => defaultSettings)
      settings = Promise.race([answer, timeout]).finally(() => clearTimeout(timer))
      settingsCache.set(uri, settings)
    }
    return settings
  }

  async function codeActions(document: TextDocument, params: CodeActionParams): Promise<CodeAction[]> {
    const only = params.context.only
    const wantQuickFixes = kindRequested(CodeActionKind.QuickFix, only)
    const wantFixAll = kindRequested(FIX_ALL_KIND, only)
    if (!wantQuickFixes && !wantFixAll) return []
    const page = await resultFor(document)
    if (page.version !== document.version) return []
    const actions: CodeAction[] = []
    if (wantQuickFixes) {
      for (const message of page.messages) {
        // A fix whose text had a secret masked out would write the mask into the page.
        const extras = reportableEdits(message)
        if (!extras.fix?.length && !extras.suggestions?.length) continue
        if (!rangesTouch(messageRange(message, page.bom), params.range)) continue
        const diagnostic = messageToDiagnostic(message, page.bom)
        const count = (extras.fix?.length ? 1 : 0) + (extras.suggestions?.length ?? 0)
        if (extras.fix?.length) {
          actions.push({
            title: 'Fix this ' + (message.ruleId ?? SOURCE) + ' problem',
            kind: CodeActionKind.QuickFix,
            diagnostics: [diagnostic],
            isPreferred: true,
            edit: workspaceEdit(document, offsetEdits(document, extras.fix, page.bom))
          })
        }
        for (const suggestion of extras.suggestions ?? []) {
          actions.push({
            title: suggestion.description,
            kind: CodeActionKind.QuickFix,
            diagnostics: [diagnostic],
            isPreferred: count === 1,
            edit: workspaceEdit(document, offsetEdits(document, suggestion.edits, page.bom))
          })
        }
      }
    }
    if (wantFixAll && page.config && page.path !== undefined && page.messages.some((message) => (message as MessageExtras).fix?.length)) {
      // Exactly what `--fix` does to the file: the same passes over the same config.
      const fixed = await fixText(page.text, page.path, page.config)
      // The edit carries no secret back: the editor shows the page's secrets masked everywhere else.
      const {redactorFor} = await import('../linter/secrets.js')
      const between = fixed.changed ? editsWithoutSecrets(page.text, editsBetween(page.text, fixed.output), redactorFor([page.text], page.config)) : undefined
      if (between && documents.get(document.uri)?.version === page.version) {
        const edits = offsetEdits(document, between, false)
        actions.push({
          title: 'Fix all docs-lint problems',
          kind: FIX_ALL_KIND,
          diagnostics: [],
          edit: workspaceEdit(document, edits)
        })
      }
    }
    return actions
  }

  function offsetEdits(document: TextDocument, edits: readonly OffsetEdit[], bom: boolean): TextEdit[] {
    const shift = bom ? 1 : 0
    return edits.map((edit) => ({
      range: {start: document.positionAt(edit.start + shift), end: document.positionAt(edit.end + shift)},
      newText: edit.text
    }))
  }

  function workspaceEdit(document: TextDocument, edits: TextEdit[]): WorkspaceEdit {
    if (versionedEdits) {
      return {documentChanges: [{textDocument: {uri: document.uri, version: document.version}, edits}]}
    }
    return {changes: {[document.uri]: edits}}
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

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
