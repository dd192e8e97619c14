// The files the server watches through the client, and what it learns from their changes.
import {fileURLToPath} from 'node:url'
import {DidChangeWatchedFilesNotification, type Connection, type DidChangeWatchedFilesParams} from 'vscode-languageserver'
import type {SiteMemo} from '../site/memo.js'

/** Files whose change can change the result of linting an open page (config, ignore files, the site). */
export const watchedGlobs = [
  '**/.docs-lintrc',
  '**/.docs-lintrc.*',
  '**/package.json',
  '**/.docs-lintignore',
  '**/.mintignore',
  '**/docs.json',
  '**/mint.json',
  '**/*.{md,mdx}',
  // Vale styles: the .vale.ini, its rule files and vocabularies.
  '**/{.vale.ini,_vale.ini,vale.ini}',
  '**/*.yml',
  '**/{accept,reject}.txt'
]

/**
 * Ask the client to watch `watchedGlobs`. Once it agrees, it tells of every change to a page on disk,
 * so the site memo stops looking at every page's file once an edit (see `SiteMemo.watchedFiles`).
 */
export function registerWatchers(connection: Connection, siteMemo: SiteMemo): void {
  connection.client
    .register(DidChangeWatchedFilesNotification.type, {watchers: watchedGlobs.map((globPattern) => ({globPattern}))})
    .then(() => siteMemo.watchedFiles(), () => {})
}

/** What the site memo knew of the files (or folders) a change names is dropped. */
export function noteChanges(siteMemo: SiteMemo, params: DidChangeWatchedFilesParams): void {
  for (const change of params.changes) {
    const changed = uriToPath(change.uri)
    if (changed !== undefined) siteMemo.changed(changed)
  }
}

export function uriToPath(uri: string): string | undefined {
  if (!uri.startsWith('file:')) return undefined
  try {
    return fileURLToPath(uri)
  } catch {
    return undefined
  }
}
