import path from 'node:path'

/**
 * `path.relative`, `path.join` and `path.resolve` for the paths a run makes by the thousand: a page's
 * path inside the folder linted (`relativeTo`, the one place such a path gets its `/`), a listed name
 * inside its folder, a page's absolute path (`absolutePath`). Node resolves every path again on every
 * call (a run served from the cache on 405 pages spent some 5 ms in `path.relative` and as much in
 * `path.resolve`). These give the very same answer, and take the short way only where it is plainly
 * the same: on POSIX paths that are already normal (no `//`, `.` or `..` part, no trailing `/`), with
 * `to` inside `from` for `relativePath`, and a base that is absolute for `childPath` and `resolvePath`.
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

/** `path.resolve(base, target)`: the short way for a target that is absolute, or plainly relative (`a/b.mdx`), to a base that is. */
export function resolvePath(base: string, target: string): string {
  if (path.sep === '/') {
    if (target.startsWith('/')) {
      if (target.length > 1 && !notNormal.test(target)) return target
    } else if (target.length > 0 && base.startsWith('/') && base.length > 1 && !notNormal.test(base) && !notNormal.test('/' + target)) {
      return base + '/' + target
    }
  }
  return path.resolve(base, target)
}

/** The absolute path of a page's file: `path.resolve(file.cwd, file.path)`. */
export function absolutePath(file: {cwd: string; path: string}): string {
  return resolvePath(file.cwd, file.path)
}
