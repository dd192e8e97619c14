// Which files a run lints (walk, ignore files, links, `--changed-since`, `--shard`): see `screenFolders`.
import fs from 'node:fs'
import path from 'node:path'
import {VFile as VFileClass, type VFile} from 'vfile'
import {pageStat} from '../shared/stamp.js'
import {discoveryFileNames, discoveryFilesAbove, type DiscoveryInputs} from './snapshot.js'
import {assistantInstructions, platformIgnores} from '../shared/published.js'
import {absolutePath, childPath, relativePath, relativeTo} from '../shared/relative-path.js'
import {gitignoresAbove, isIgnored, scopesAbove, withGitignore, withSiteScope, type IgnoreScope} from '../site/ignore.js'
import {contentFolderAt} from '../site/framework.js'
import {mintignorePatterns} from './mintignore.js'
import {shardOf} from './shard.js'

export {mintignorePatterns, shardOf}

export const pageExtensions = ['md', 'mdx'] as const

/**
 * How unified-engine finds the pages to lint and their config and ignore files. `lint` and
 * `bench/engine-floor.mjs` (unified-engine alone, the floor of a cached run) share it.
 */
export function discoveryOptions(cwd: string, patterns: readonly string[], ignore: readonly string[] = []) {
  return {
    cwd,
    extensions: [...pageExtensions],
    rcName: '.docs-lintrc',
    packageField: 'docs-lint',
    detectConfig: true,
    ignoreName: '.docs-lintignore',
    detectIgnore: true,
    ignorePatterns: [...platformIgnores, ...assistantInstructions, ...mintignorePatterns(cwd, patterns), ...ignore],
    silentlyIgnore: true
  }
}

export interface Screened {
  /** Ignore patterns (cwd-relative) for links that loop back to a folder above them, and for unreadable files. */
  ignore: string[]
  /** Pages (cwd-relative) that are not regular files: named pipes, sockets, devices. */
  unreadable: string[]
  /** Pages (cwd-relative) that are symbolic links to a file outside the folder linted: never read. */
  outside: string[]
  /** Symbolic links (cwd-relative) to a folder outside the folder linted: never walked. */
  outsideFolders: string[]
  /** Total size in bytes of the regular page files found (ignore files not applied). */
  pageBytes: number
  /**
   * What unified-engine is given: each pattern that names a folder becomes the pages found under it
   * (cwd-relative), so unified-engine walks no folder itself and follows no link out of it or into a loop.
   */
  patterns: string[]
  /** The real paths of the folders linted: a page, or a file `--fix` writes, lies inside one of them. */
  roots: string[]
}

/** Folders docs-lint never lints, so never walks. */
const unwalkedFolders: ReadonlySet<string> = new Set(['.git', 'node_modules'])

/** Whether the real path `real` is `root` or lies inside it. */
export function isInside(real: string, root: string): boolean {
  return real === root || real.startsWith(root.endsWith(path.sep) ? root : root + path.sep)
}

/**
 * unified-engine follows every symbolic link and reads every page it finds. A link to a folder
 * above it is a loop (a copy of every page per level, up to the system's 40 nested links; two such
 * links make 2^40 paths), a link may lead out of the site (to `/etc/passwd`), and reading a named
 * pipe waits forever. So docs-lint walks the folders the patterns name itself: a link is followed
 * only to a real path inside the folder linted and never into a folder above it, a page that is not
 * a regular file is reported, never read, and unified-engine gets the list of pages found.
 */
export function screenFolders(
  cwd: string,
  patterns: readonly string[],
  extensions: readonly string[],
  /** Which pages count towards `pageBytes` (absolute paths); none when absent, which saves a stat per page. */
  measure?: (absolute: string) => boolean,
  /** Receives the pages and the config and ignore files found, for a cached run's replay. */
  inputs?: DiscoveryInputs,
  /** Leave out what `.gitignore` files list, as git does (`--no-gitignore` turns it off). */
  gitignore = true
): Screened {
  const screener = new Screener(cwd, extensions, measure, inputs, gitignore)
  for (const pattern of patterns) screener.screen(pattern)
  return screener.screened
}

/** One screening: what the patterns name, walked folder by folder (see `screenFolders`). */
class Screener {
  readonly screened: Screened = {ignore: [], unreadable: [], outside: [], outsideFolders: [], pageBytes: 0, patterns: [], roots: []}

  constructor(
    private readonly cwd: string,
    private readonly extensions: readonly string[],
    private readonly measure: ((absolute: string) => boolean) | undefined,
    private readonly inputs: DiscoveryInputs | undefined,
    private readonly gitignore: boolean
  ) {}

  private isPage(name: string): boolean {
    return this.extensions.includes(path.extname(name).slice(1))
  }

  private count(absolute: string, stats?: fs.Stats): void {
    if (!this.measure?.(absolute)) return
    try {
      const found = stats ?? fs.statSync(absolute)
      this.screened.pageBytes += found.size
      this.inputs?.stats.set(absolute, pageStat(found))
    } catch {
      // Gone or unreadable since the folder was read: unified-engine reports it.
    }
  }

  private leaveOut(absolute: string, list?: string[]): void {
    const relative = path.relative(this.cwd, absolute)
    list?.push(relative)
    // unified-engine applies ignore patterns only inside cwd (they matter for globs, which it expands).
    if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return
    const posix = relative.split(path.sep).join('/')
    this.screened.ignore.push('/' + posix.replace(/[\\*?[\]!#]/g, '\\$&').replace(/ $/, '\\ '))
  }

  // `ancestors`: the real paths of the folder being walked and of every folder above it; `found`: the pages;
  // `scopes`: the `.mintignore` files that apply (see `src/site/ignore.ts`).
  private walk(start: string, startAncestors: readonly string[], root: string, found: string[]): void {
    // Iterative: a site nested thousands of folders deep cannot overflow the stack.
    const folders: Array<{folder: string; ancestors: readonly string[]; scopes: readonly IgnoreScope[]}> = [
      {folder: start, ancestors: startAncestors, scopes: this.gitignore ? [...scopesAbove(start), ...gitignoresAbove(start)] : scopesAbove(start)}
    ]
    while (folders.length > 0) {
      const {folder, ancestors, scopes: outer} = folders.pop()!
      let entries: fs.Dirent[]
      try {
        entries = fs.readdirSync(folder, {withFileTypes: true})
      } catch {
        continue
      }
      const names = entries.map((entry) => entry.name)
      const sited = folder === start ? outer : withSiteScope(folder, names, outer)
      const scopes = folder === start || !this.gitignore ? sited : withGitignore(folder, names, sited)
      // A site another framework serves: only its content folder holds pages (see `src/site/framework.ts`).
      const content = contentFolderAt(folder, names)
      const below: typeof folders = []
      for (const entry of entries) {
        const full = childPath(folder, entry.name)
        if (this.inputs && discoveryFileNames.has(entry.name)) this.inputs.configFiles.push(full)
        if (content !== undefined && entry.name !== content) continue
        // What the platform never publishes is never linted, whether the folder lies inside cwd or not.
        if (!entry.isSymbolicLink() && isIgnored(folder, entry.name, entry.isDirectory(), scopes, true)) continue
        if (entry.isDirectory()) {
          if (!unwalkedFolders.has(entry.name)) below.push({folder: full, ancestors: [...ancestors, childPath(ancestors.at(-1)!, entry.name)], scopes})
        } else if (entry.isSymbolicLink()) {
          const target = statReal(full)
          if (!target) {
            // A dangling link: unified-engine reports it when it is a page.
            if (this.isPage(entry.name)) {
              this.inputs?.pages.push(full + ' (dangling)')
              found.push(full)
            }
            continue
          }
          const {stats, real} = target
          if (isIgnored(folder, entry.name, stats.isDirectory(), scopes, true)) continue
          if (stats.isDirectory()) {
            if (unwalkedFolders.has(entry.name)) continue
            if (ancestors.includes(real)) this.leaveOut(full)
            else if (!isInside(real, root)) this.leaveOut(full, this.screened.outsideFolders)
            else below.push({folder: full, ancestors: [...ancestors, real], scopes})
          } else if (this.isPage(entry.name)) {
            this.inputs?.pages.push(full + (stats.isFile() ? '' : ' (not a file)') + (isInside(real, root) ? '' : ' (outside)'))
            if (!isInside(real, root)) this.leaveOut(full, this.screened.outside)
            else if (!stats.isFile()) this.leaveOut(full, this.screened.unreadable)
            else {
              this.count(full, stats)
              found.push(full)
            }
          }
        } else if (this.isPage(entry.name)) {
          this.inputs?.pages.push(full + (entry.isFile() ? '' : ' (not a file)'))
          if (entry.isFile()) {
            this.count(full)
            found.push(full)
          } else this.leaveOut(full, this.screened.unreadable)
        }
      }
      // Walked in the order of the listing, as before: the stack takes them last first.
      folders.push(...below.reverse())
    }
  }

  /** Walk what one pattern names: a folder, a glob's folder, or one page. */
  screen(pattern: string): void {
    // A glob is walked from the folder before its first wildcard.
    const magic = pattern.search(/[*?{[]/)
    const before = pattern.slice(0, Math.max(0, magic))
    const folder = before.slice(0, Math.max(before.lastIndexOf('/'), before.lastIndexOf(path.sep)) + 1)
    const base = path.resolve(this.cwd, magic === -1 ? pattern : folder || '.')
    if (this.inputs) discoveryFilesAbove(path.dirname(base), this.inputs.configFiles)
    const target = statReal(base)
    if (!target) {
      this.inputs?.pages.push(base + ' (missing)')
      this.screened.patterns.push(pattern)
      return
    }
    const {stats, real} = target
    if (stats.isDirectory()) {
      this.screened.roots.push(real)
      const found: string[] = []
      this.walk(base, ancestorsOf(real), real, found)
      if (magic === -1) this.screened.patterns.push(...found.map((page) => relativePath(this.cwd, page)))
      else this.screened.patterns.push(pattern)
      return
    }
    // A page named on the command line: its folder is the one linted, and the page must lie inside it.
    const root = realOrSelf(path.dirname(base))
    this.screened.roots.push(root)
    if (!isInside(real, root)) this.leaveOut(base, this.screened.outside)
    else if (!stats.isFile()) this.leaveOut(base, this.isPage(base) || magic === -1 ? this.screened.unreadable : undefined)
    else if (magic === -1) {
      this.inputs?.pages.push(base)
      this.count(base, stats)
      this.screened.patterns.push(pattern)
    } else this.screened.patterns.push(pattern)
  }
}

function realOrSelf(file: string): string {
  try {
    return fs.realpathSync(file)
  } catch {
    return file
  }
}

/** What a path leads to and its real path, or undefined when it leads nowhere (dangling, unreadable). */
function statReal(file: string): {stats: fs.Stats; real: string} | undefined {
  try {
    return {stats: fs.statSync(file), real: fs.realpathSync(file)}
  } catch {
    return undefined
  }
}

/** Every folder above `folder`, then the folder itself. */
function ancestorsOf(folder: string): string[] {
  const folders = [folder]
  for (let current = folder; path.dirname(current) !== current; current = path.dirname(current)) folders.unshift(path.dirname(current))
  return folders
}

/**
 * Which pages unified-engine should pass over although it reads them: a glob it expands may still name a
 * page that links out of the site, and `--changed-since` and `--shard` keep only some pages.
 */
export function skipOf(
  cwd: string,
  screened: Screened,
  only: ReadonlySet<string> | undefined,
  shard: {index: number; count: number} | undefined
): ((file: VFile) => boolean) | undefined {
  const outside = new Set(screened.outside.map((relative) => path.resolve(cwd, relative)))
  if (!only && !shard && outside.size === 0) return undefined
  return (file: VFile) => {
    const absolute = absolutePath(file)
    if (outside.has(absolute)) return true
    if (only && !only.has(absolute)) return true
    return shard !== undefined && shardOf(relativeTo(cwd, absolute), shard.count) !== shard.index
  }
}

/** Whether a reported file belongs to `shard`: each page to its own; the config files to shard 1 alone. */
export function inShard(file: VFile, cwd: string, shard: {index: number; count: number}): boolean {
  const relative = relativeTo(cwd, absolutePath(file))
  return /\.(md|mdx|markdown)$/i.test(file.path) ? shardOf(relative, shard.count) === shard.index : shard.index === 1
}

/**
 * A page whose name holds glob characters (`[id].mdx`, `{slug}.md`) goes to unified-engine as a file:
 * as a string it would be expanded as a glob and match nothing.
 */
export function literalPage(cwd: string, pattern: string): string | VFile {
  if (!/[*?[\]{}()!+@]/.test(pattern)) return pattern
  const absolute = path.resolve(cwd, pattern)
  return fs.statSync(absolute, {throwIfNoEntry: false})?.isFile() ? new VFileClass({path: absolute, cwd}) : pattern
}
