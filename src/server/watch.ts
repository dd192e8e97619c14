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

/**
 * How long after the last lint the server looks at every page file the site memo knows, in case the
 * client's watcher missed a change (one that ran out of inotify watches, say).
 */
export const SWEEP_MS = 5000

/**
 * The check behind the client's watcher: `schedule` (after each lint) sets it off `SWEEP_MS` later,
 * unless another lint comes first; when it finds a page changed on disk, `onChanged` runs.
 */
export function sweeper(siteMemo: SiteMemo, onChanged: () => void): {schedule(): void; stop(): void} {
  let timer: NodeJS.Timeout | undefined
  let stopped = false
  return {
    schedule() {
      if (stopped || siteMemo.state() === undefined) return
      clearTimeout(timer)
      timer = setTimeout(() => {
        void siteMemo.verify().then((changed) => {
          if (changed.length > 0 && !stopped) onChanged()
        })
      }, SWEEP_MS)
    },
    stop() {
      stopped = true
      clearTimeout(timer)
    }
  }
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
