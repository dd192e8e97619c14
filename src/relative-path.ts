import path from 'node:path'

/**
 * `path.relative` and `path.join` for the paths a run makes by the thousand: a page's path inside
 * the folder linted (`relativeTo`, the one place such a path gets its `/`), a listed name inside its
 * folder. Node resolves both paths again on every call (a run served from the cache on 405 pages
 * spent some 5 ms there). These give the very same
 * answer, and take the short way only where it is plainly the same: on POSIX paths, absolute and
 * already normal (no `//`, `.` or `..` part, no trailing `/`), with `to` inside `from`.
 */
const notNormal = /\/\.{0,2}(?:\/|$)/

export function relativePath(from: string, to: string): string {
  if (
    path.sep === '/' &&
    from.startsWith('/') &&
    to.length > from.length &&
    to.startsWith(from) &&
    to.charCodeAt(from.length) === 47 /* `/` */ &&
    !notNormal.test(from) &&
    !notNormal.test(to.slice(from.length))
  ) {
    return to.slice(from.length + 1)
  }
  return path.relative(from, to)
}

/** `path.join(folder, name)` for a name read from `folder`'s listing (never `.`, `..` or holding a separator). */
export function childPath(folder: string, name: string): string {
  if (path.sep === '/' && folder.startsWith('/') && folder.length > 1 && !notNormal.test(folder)) return folder + '/' + name
  return path.join(folder, name)
}

/** `filePath` relative to `root`, with `/` on every system: a page's key in the cache, the site checks, reports. */
export function relativeTo(root: string, filePath: string): string {
  return relativePath(root, filePath).split(path.sep).join('/')
}
