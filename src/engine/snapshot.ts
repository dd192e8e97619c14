import fs from 'node:fs'
import path from 'node:path'
import {contentHash, type PageStat} from '../shared/stamp.js'
import type {SerializedConfig} from './remote.js'

/**
 * A cached run's discovery: which pages unified-engine linted, in which order, under which config.
 * When the files that decide discovery are the same as then (the pages the walk finds, and every
 * config and ignore file that could apply), a warm run replays it from the cache instead of sending
 * every unchanged page through unified-engine again (its file search, config cascade and pipeline
 * cost 0.07 to 0.2 of a cold run, more than all the rest of a warm run).
 */
export interface Snapshot {
  /** Hash of the walk's pages and of the config and ignore files found (see `DiscoveryInputs`). */
  signature: string
  /** Files that configs `extends`, with the hash of their text: they decide the config too. */
  extended: Array<[string, string]>
  configs: SerializedConfig[]
  /** The pages in the engine's order: path as the engine named it, cwd, index into `configs`. */
  files: Array<[string, string, number]>
}

/** What a folder walk finds that decides which pages unified-engine lints, and with which config. */
export interface DiscoveryInputs {
  /** Every page the walk found (absolute), with a mark for links that lead nowhere or to a non-file. */
  pages: string[]
  /** Config and ignore files in the walked folders and every folder above them (absolute). */
  configFiles: string[]
  /** The stat of pages the walk measured (absolute paths), for the cache's stamps. */
  stats: Map<string, PageStat>
}

/** Config file names in the order unified-engine looks for them in a folder: the first found applies. */
export const configFileNames = ['.docs-lintrc', '.docs-lintrc.json', '.docs-lintrc.cjs', '.docs-lintrc.mjs', '.docs-lintrc.js', '.docs-lintrc.yaml', '.docs-lintrc.yml'] as const

/** The names unified-engine (the configs, `package.json`, `.docs-lintignore`) and docs-lint (`.mintignore`) read. */
export const discoveryFileNames: ReadonlySet<string> = new Set([...configFileNames, 'package.json', '.docs-lintignore', '.mintignore', '.gitignore'])

/** A config in JavaScript can read anything when it loads: a run that has one is never replayed. */
const scriptConfig = /\.[cm]?js$/

/**
 * Config and ignore files in `folder` and every folder above it: each name looked up, not each folder
 * listed (a home folder or the system's temporary folder may hold thousands of files).
 */
export function discoveryFilesAbove(folder: string, into: string[]): void {
  for (let current = folder; ; current = path.dirname(current)) {
    for (const name of discoveryFileNames) {
      const file = path.join(current, name)
      try {
        // A link that leads nowhere counts too, as in a listing: unified-engine would try to read it.
        if (fs.lstatSync(file, {throwIfNoEntry: false})) into.push(file)
      } catch {
        // A folder that cannot be searched, as before: nothing found in it.
      }
    }
    if (path.dirname(current) === current) break
  }
}

function hashOfFile(file: string): string {
  try {
    return contentHash(fs.readFileSync(file, 'utf8'))
  } catch (error) {
    return 'unreadable:' + String((error as NodeJS.ErrnoException).code)
  }
}

/**
 * The signature of a walk, or undefined when the run cannot be replayed (a config in JavaScript).
 * `settings` holds everything else that decides discovery: cwd, patterns, `--config`, ignore patterns.
 */
export function discoverySignature(inputs: DiscoveryInputs, settings: unknown): string | undefined {
  const configFiles = [...new Set(inputs.configFiles)].sort()
  if (configFiles.some((file) => scriptConfig.test(file))) return undefined
  const pages = [...inputs.pages].sort()
  return contentHash(JSON.stringify([settings, pages, configFiles.map((file) => [file, hashOfFile(file)])]))
}

/** Whether the files that configs `extends` still hold the text they held. */
export function extendedUnchanged(snapshot: Snapshot): boolean {
  return snapshot.extended.every(([file, hash]) => hashOfFile(file) === hash)
}

/** Record the extended config files read while a run resolves its configs (absolute paths). */
export function hashExtended(files: Iterable<string>): Array<[string, string]> | undefined {
  const list = [...new Set(files)].sort()
  if (list.some((file) => scriptConfig.test(file))) return undefined
  return list.map((file) => [file, hashOfFile(file)])
}
