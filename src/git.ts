import {execFileSync} from 'node:child_process'
import path from 'node:path'

export class GitError extends Error {}

function git(args: string[], cwd: string): string {
  try {
    return execFileSync('git', args, {cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 256 * 1024 * 1024})
  } catch (error) {
    const stderr = String((error as {stderr?: string}).stderr ?? '').trim().split('\n')[0]
    throw new GitError(stderr || (error as Error).message)
  }
}

/**
 * Pages changed since `ref`: committed since the merge base of `ref` and HEAD, plus changes in the
 * work tree and new untracked files (as a pull request would see them). Absolute paths.
 */
export function changedSince(ref: string, cwd: string): Set<string> {
  const top = git(['rev-parse', '--show-toplevel'], cwd).trim()
  let base: string
  try {
    base = git(['merge-base', ref, 'HEAD'], cwd).trim()
  } catch (error) {
    throw new GitError('Cannot find the merge base of `' + ref + '` and HEAD: ' + (error as Error).message)
  }
  const changed = git(['diff', '--name-only', '-z', '--diff-filter=ACMRT', base], cwd)
  const untracked = git(['ls-files', '--others', '--exclude-standard', '-z'], top)
  const files = new Set<string>()
  for (const name of [...changed.split('\0'), ...untracked.split('\0')]) {
    if (name && /\.(md|mdx)$/i.test(name)) files.add(path.join(top, name))
  }
  return files
}
