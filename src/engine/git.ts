import path from 'node:path'

export class GitError extends Error {}

function git(args: string[], cwd: string): string {
  try {
    // Loaded here: only `--changed-since` runs git.
    const {execFileSync} = process.getBuiltinModule('node:child_process')
    return execFileSync('git', args, {cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 256 * 1024 * 1024})
  } catch (error) {
    const stderr = String((error as {stderr?: string}).stderr ?? '').trim().split('\n')[0]
    throw new GitError(stderr || (error as Error).message)
  }
}

/** What a pull request changed, as absolute paths. */
export interface ChangeSet {
  /** Pages added, modified or renamed to (what `--changed-since` lints). */
  pages: Set<string>
  /** Pages deleted or renamed away: links to them may now be broken. */
  removed: Set<string>
  /** Other files added, modified or deleted (`docs.json`, images, ...). */
  others: Set<string>
}

const pagePattern = /\.(md|mdx)$/i

/**
 * Changes since `ref`: committed since the merge base of `ref` and HEAD, plus changes in the work tree
 * and new untracked files (as a pull request would see them). Renames count as a deletion and an
 * addition, so links to the old path are checked.
 */
export function changesSince(ref: string, cwd: string): ChangeSet {
  const top = git(['rev-parse', '--show-toplevel'], cwd).trim()
  let base: string
  try {
    base = git(['merge-base', ref, 'HEAD'], cwd).trim()
  } catch (error) {
    throw new GitError('Cannot find the merge base of `' + ref + '` and HEAD: ' + (error as Error).message)
  }
  const changes: ChangeSet = {pages: new Set(), removed: new Set(), others: new Set()}
  const diff = git(['diff', '--name-status', '--no-renames', '-z', base], cwd).split('\0')
  for (let index = 0; index + 1 < diff.length; index += 2) {
    const status = diff[index]!
    const name = diff[index + 1]!
    if (!name) continue
    const absolute = path.join(top, name)
    if (!pagePattern.test(name)) changes.others.add(absolute)
    else if (status.startsWith('D')) changes.removed.add(absolute)
    else changes.pages.add(absolute)
  }
  for (const name of git(['ls-files', '--others', '--exclude-standard', '-z'], top).split('\0')) {
    if (!name) continue
    const absolute = path.join(top, name)
    if (pagePattern.test(name)) changes.pages.add(absolute)
    else changes.others.add(absolute)
  }
  return changes
}
