// `.mintignore` files in the folders a run starts from and above them, as ignore patterns for
// unified-engine (relative to cwd). The walk of src/engine/discover.ts applies the same files per site.
import fs from 'node:fs'
import path from 'node:path'
import {BoundedReadError, maxConfigBytes, readBoundedText} from '../shared/bounded-read.js'
import {ConfigError} from '../config/resolve.js'
import {relativeTo} from '../shared/relative-path.js'

/** Translate `.mintignore` patterns (gitignore syntax, relative to their folder) into cwd-relative ones. */
export function mintignorePatterns(cwd: string, patterns: readonly string[]): string[] {
  const folders = new Set<string>([cwd])
  for (const pattern of patterns) {
    let folder = path.resolve(cwd, pattern.replace(/[*{[].*$/, ''))
    if (fs.existsSync(folder) && !fs.statSync(folder).isDirectory()) folder = path.dirname(folder)
    // The ignore file may sit in the folder given or any folder above it.
    for (let current = folder; ; current = path.dirname(current)) {
      folders.add(current)
      if (path.dirname(current) === current) break
    }
  }
  const result: string[] = []
  for (const folder of folders) {
    const ignoreFile = path.join(folder, '.mintignore')
    let text: string
    try {
      text = readBoundedText(ignoreFile, maxConfigBytes)
    } catch (error) {
      // A `.mintignore` that cannot be read leaves pages linted that the site ignores: said, not skipped.
      if (error instanceof BoundedReadError) throw new ConfigError('Cannot read `' + (path.relative(cwd, ignoreFile) || ignoreFile) + '`: it ' + error.message)
      continue
    }
    const prefix = relativeTo(cwd, folder)
    for (const raw of text.split(/\r?\n/)) {
      const line = raw.trim()
      if (!line || line.startsWith('#')) continue
      const negated = line.startsWith('!')
      let pattern = negated ? line.slice(1) : line
      // gitignore: a pattern with no inner slash matches at any depth below its folder.
      if (prefix.startsWith('..')) continue
      const anchored = pattern.startsWith('/') || pattern.replace(/\/$/, '').includes('/')
      pattern = pattern.replace(/^\//, '')
      pattern = anchored ? '/' + (prefix ? prefix + '/' : '') + pattern : (prefix ? '/' + prefix + '/**/' : '') + pattern
      result.push((negated ? '!' : '') + pattern)
    }
  }
  return result
}
