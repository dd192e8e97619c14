// The key that authenticates cache files. It is kept outside them: a cache file edited, copied from
// another machine or committed to a repository, then given fresh checksums, is never trusted, since
// its checksums are keyed hashes that only the key's holder can make.
import {createHmac, randomBytes} from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {BoundedReadError, readBounded} from '../shared/bounded-read.js'

/** The environment variable that gives the key (any text), for caches shared between machines (CI). */
export const cacheKeyVariable = 'DOCS_LINT_CACHE_KEY'

export type CacheKey = {key: Buffer; problem?: undefined} | {key?: undefined; problem: string}

let known: {variable: string | undefined; folder: string; result: CacheKey} | undefined

/**
 * The key: `DOCS_LINT_CACHE_KEY` when set, else the random key of this user, in the user's cache
 * folder (`$XDG_CACHE_HOME/docs-lint/cache-key` or `~/.cache/...`; made on first use, readable by
 * the user alone). A problem when neither can be had.
 */
export function cacheKey(): CacheKey {
  const variable = process.env[cacheKeyVariable] || undefined
  const folder = userCacheFolder()
  if (known && known.variable === variable && known.folder === folder) return known.result
  const result: CacheKey = variable ? {key: createHmac('sha256', 'docs-lint cache key').update(variable).digest()} : keyFile(folder)
  known = {variable, folder, result}
  return result
}

/** A keyed hash of `text`, short as the cache's other hashes. */
export function keyedHash(key: Buffer, text: string): string {
  return createHmac('sha256', key).update(text).digest('base64url').slice(0, 22)
}

function userCacheFolder(): string {
  const xdg = process.env['XDG_CACHE_HOME']
  if (xdg && path.isAbsolute(xdg)) return path.join(xdg, 'docs-lint')
  const home = os.homedir()
  if (process.platform === 'darwin') return path.join(home, 'Library', 'Caches', 'docs-lint')
  if (process.platform === 'win32') return path.join(process.env['LOCALAPPDATA'] || path.join(home, 'AppData', 'Local'), 'docs-lint')
  return path.join(home, '.cache', 'docs-lint')
}

const keyBytes = 32

function keyFile(folder: string): CacheKey {
  const file = path.join(folder, 'cache-key')
  const unusable = (reason: string): CacheKey => ({problem: 'no key to check it with (`' + file + '` ' + reason + '); set ' + cacheKeyVariable + ' to a secret of your own'})
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const key = readBounded(file, 1024)
      return key.length >= keyBytes ? {key} : unusable('is too short')
    } catch (error) {
      if (error instanceof BoundedReadError) return unusable(error.message)
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') return unusable('cannot be read: ' + ((error as NodeJS.ErrnoException).code ?? 'error'))
    }
    const temp = file + '.' + process.pid + '-' + randomBytes(4).toString('hex')
    try {
      fs.mkdirSync(folder, {recursive: true, mode: 0o700})
      fs.writeFileSync(temp, randomBytes(keyBytes), {flag: 'wx', mode: 0o600})
      // A link appears whole and never replaces a key: of two runs making it at once, one wins, both read it.
      fs.linkSync(temp, file)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') return unusable('cannot be made: ' + ((error as NodeJS.ErrnoException).code ?? 'error'))
    } finally {
      fs.rmSync(temp, {force: true})
    }
  }
  return unusable('cannot be read')
}
