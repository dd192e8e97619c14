import fs from 'node:fs'
import path from 'node:path'
import type {VFile} from 'vfile'
import type {ResolvedConfig} from '../config/resolve.js'
import {folderStamp, isInside, maxSiteConfigBytes, noteListing, readSiteFile} from './reads.js'
import {isIgnored, mintignoreScope} from './ignore.js'
import {pageConfig} from '../config/overrides.js'
import {absolutePath, childPath, relativeTo} from '../shared/relative-path.js'

// The site on disk: its root, its files, the pages a run lints. Apart from the site model (`model.ts`)
// and its parsers, which a run the cache serves never loads.

export const configNames = ['docs.json', 'mint.json'] as const

/** A page this run lints, as the site sees it. */
export interface LintedPage {
  /** Relative to the site root, with `/`. */
  relative: string
  file: VFile
  /** The docs-lint config that linted it. */
  config: ResolvedConfig | undefined
}

/** The linted files of the site at `root`, in path order. */
export function lintedPages(root: string, files: readonly VFile[]): LintedPage[] {
  return files
    .map((file) => {
      const absolute = absolutePath(file)
      const config = file.data['docsLintConfig'] as ResolvedConfig | undefined
      const language = typeof file.data['language'] === 'string' ? file.data['language'] : config?.language
      // A page follows its config's overrides for its path and language, site rules included.
      return {relative: relativeTo(root, absolute), file, config: config && language ? pageConfig(config, absolute, language) : config}
    })
    .sort((a, b) => (a.relative < b.relative ? -1 : a.relative > b.relative ? 1 : 0))
}

/** The nearest folder at or above `folder` that holds `docs.json` or `mint.json`. */
export function findSiteRoot(folder: string, cache: Map<string, string | null>): string | undefined {
  const visited: string[] = []
  let current = folder
  let found: string | null = null
  for (;;) {
    const cached = cache.get(current)
    if (cached !== undefined) {
      found = cached
      break
    }
    visited.push(current)
    if (configNames.some((name) => fs.existsSync(childPath(current, name)))) {
      found = current
      break
    }
    const parent = path.dirname(current)
    if (parent === current) break
    current = parent
  }
  for (const folderVisited of visited) cache.set(folderVisited, found)
  return found ?? undefined
}

/**
 * Every file and folder under `root` that the platform publishes (relative, `/`-separated): hidden
 * names, `node_modules`, the platform's own ignores and what the root's `.mintignore` lists left out.
 * `folderStamps` receives each folder's stamp (see `folderStamp`), taken before its entries are read.
 */
export function listFiles(root: string, folderStamps?: Map<string, string>): {files: Set<string>; folders: Set<string>} {
  const files = new Set<string>()
  const folders = new Set<string>()
  const scope = mintignoreScope(root)
  const scopes = scope ? [scope] : []
  const walk = (folder: string, prefix: string) => {
    let entries: fs.Dirent[]
    folderStamps?.set(folder, folderStamp(folder))
    try {
      entries = fs.readdirSync(folder, {withFileTypes: true})
    } catch {
      return
    }
    for (const entry of entries) {
      if (isIgnored(folder, entry.name, entry.isDirectory(), scopes)) continue
      const relative = prefix + entry.name
      if (entry.isDirectory()) {
        folders.add(relative)
        walk(childPath(folder, entry.name), relative + '/')
      } else {
        files.add(relative)
      }
    }
  }
  walk(root, '')
  noteListing(root, files, folders)
  return {files, folders}
}

/** The folders whose file listings a site reads (see `listedFiles` in model.ts): its root, and the folder above it when that is inside `runFolder`. */
export function listingFolders(root: string, runFolder: string | undefined): string[] {
  const parent = path.dirname(root)
  return runFolder !== undefined && parent !== root && isInside(parent, path.resolve(runFolder)) ? [root, parent] : [root]
}

/** Listings of files a checkout leaves out (see `listedFiles`). */
const listingNames = ['IMAGES.txt', 'OTHER_FILES.txt']

/**
 * A checkout that leaves out its images and other binary files (kept in Git LFS or on a CDN) can list
 * them, one path a line relative to the listing, in `IMAGES.txt` or `OTHER_FILES.txt`; listed paths
 * count as existing files. A listing is read at the site root, and in the folder above it when that
 * folder is inside the folder docs-lint runs in (`runFolder`): never outside it.
 */
export function listedFiles(root: string, runFolder: string | undefined): Set<string> {
  const listed = new Set<string>()
  for (const folder of listingFolders(root, runFolder)) {
    for (const name of listingNames) {
      let text: string
      try {
        text = readSiteFile(path.join(folder, name), folder, maxSiteConfigBytes)
      } catch {
        continue
      }
      for (const line of text.split(/\r?\n/)) {
        if (!line.trim()) continue
        const relative = relativeTo(root, path.join(folder, line.trim()))
        if (!relative.startsWith('..')) listed.add(relative)
      }
    }
  }
  return listed
}
