// What a site leaves unpublished, wherever docs-lint runs from: hidden names, the platform's own
// ignores and assistant instructions (`src/published.ts`), and the `.mintignore` of a folder, in
// gitignore syntax relative to that folder. Matched with `ignore`, the package the platform uses.
// A run also leaves out what git ignores (`.gitignore`), unless told not to.
import fs from 'node:fs'
import path from 'node:path'
import ignore, {type Ignore} from 'ignore'
import {assistantInstructions, platformIgnores} from '../shared/published.js'
import {maxSiteConfigBytes, readSiteFile} from './reads.js'

/** The platform's ignores: unanchored names, so any folder is their base. */
const platformDefaults: Ignore = ignore().add([...platformIgnores])
/** The same and assistant instructions, which the platform serves but docs-lint never lints. */
const lintDefaults: Ignore = ignore().add([...platformIgnores, ...assistantInstructions])

/** A `.mintignore` and the folder its patterns are relative to. */
export interface IgnoreScope {
  folder: string
  matcher: Ignore
}

/** Hidden files and folders (`.git`, `.vale`, `.draft.mdx`): never pages, never walked. */
export function isHidden(name: string): boolean {
  return name.startsWith('.')
}

/** The ignore file `name` (`.mintignore`, `.gitignore`) of `folder`, or undefined when it has none (or it cannot be read). */
function ignoreFileScope(folder: string, name: string): IgnoreScope | undefined {
  let text: string
  try {
    text = readSiteFile(path.join(folder, name), folder, maxSiteConfigBytes)
  } catch {
    return undefined
  }
  const lines = text.split(/\r?\n/).map((line) => line.trim()).filter((line) => line !== '' && !line.startsWith('#'))
  return lines.length === 0 ? undefined : {folder, matcher: ignore().add(lines)}
}

/** The `.mintignore` of `folder`, or undefined when it has none (or it cannot be read). */
export function mintignoreScope(folder: string): IgnoreScope | undefined {
  return ignoreFileScope(folder, '.mintignore')
}

/** The `.mintignore` scopes of `folder` and every folder above it, outermost first. */
export function scopesAbove(folder: string): IgnoreScope[] {
  const scopes: IgnoreScope[] = []
  for (let current = path.resolve(folder); ; current = path.dirname(current)) {
    const scope = mintignoreScope(current)
    if (scope) scopes.unshift(scope)
    if (path.dirname(current) === current) break
  }
  return scopes
}

/**
 * Whether the file or folder `name` in `folder` (absolute) is left out: a hidden name, one of the
 * platform's ignores, or a path a scope's `.mintignore` lists; for linting (`lint`), assistant
 * instructions too. A folder left out is never walked, so nothing below it comes back, as in gitignore.
 */
export function isIgnored(folder: string, name: string, isDirectory: boolean, scopes: readonly IgnoreScope[], lint = false): boolean {
  if (isHidden(name)) return true
  const suffix = isDirectory ? '/' : ''
  if ((lint ? lintDefaults : platformDefaults).ignores(name + suffix)) return true
  if (scopes.length === 0) return false
  const absolute = path.join(folder, name)
  for (const scope of scopes) {
    const relative = path.relative(scope.folder, absolute)
    if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) continue
    if (scope.matcher.ignores(relative.split(path.sep).join('/') + suffix)) return true
  }
  return false
}

/** The repository `folder` lies in: the first folder from it up that holds `.git`, or undefined. */
function repositoryRoot(folder: string): string | undefined {
  for (let current = path.resolve(folder); ; current = path.dirname(current)) {
    if (fs.existsSync(path.join(current, '.git'))) return current
    if (path.dirname(current) === current) return undefined
  }
}

/**
 * The `.gitignore` scopes that apply to `folder`: its own and those of the folders above it, up to the
 * repository's root (the first folder that holds `.git`); outside a repository, its own only.
 */
export function gitignoresAbove(folder: string): IgnoreScope[] {
  const root = repositoryRoot(folder)
  const scopes: IgnoreScope[] = []
  for (let current = path.resolve(folder); ; current = path.dirname(current)) {
    const scope = ignoreFileScope(current, '.gitignore')
    if (scope) scopes.unshift(scope)
    if (root === undefined || current === root || path.dirname(current) === current) break
  }
  return scopes
}

/** `scopes` and the `.gitignore` of `folder` (its entries' `names`), which applies below it. */
export function withGitignore(folder: string, names: readonly string[], scopes: readonly IgnoreScope[]): readonly IgnoreScope[] {
  if (!names.includes('.gitignore')) return scopes
  const scope = ignoreFileScope(folder, '.gitignore')
  return scope ? [...scopes, scope] : scopes
}

/** A folder holding `docs.json` or `mint.json` (its entries' `names`) is a site root: its `.mintignore` applies below it. */
export function withSiteScope(folder: string, names: readonly string[], scopes: readonly IgnoreScope[]): readonly IgnoreScope[] {
  if (!names.includes('.mintignore') || !names.some((name) => name === 'docs.json' || name === 'mint.json')) return scopes
  const scope = mintignoreScope(folder)
  return scope ? [...scopes, scope] : scopes
}

/**
 * Whether git leaves `file` out: a `.gitignore` of its repository lists it. A file outside any
 * repository is never committed, so it counts as left out.
 */
export function gitIgnores(file: string): boolean {
  const folder = path.dirname(file)
  if (repositoryRoot(folder) === undefined) return true
  return gitignoresAbove(folder).some((scope) => {
    const relative = path.relative(scope.folder, file).split(path.sep).join('/')
    return !relative.startsWith('..') && scope.matcher.ignores(relative)
  })
}
