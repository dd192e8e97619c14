import fs from 'node:fs'
import path from 'node:path'
import {fileURLToPath} from 'node:url'

/**
 * docs-lint's own folder and version, from the nearest package.json named `docs-lint` above this
 * module, whether it runs from `src/`, `dist/src/` or the bundle in `dist/bundle/`.
 */
function findPackage(): {root: string | undefined; version: string} {
  let folder = path.dirname(fileURLToPath(import.meta.url))
  for (;;) {
    const candidate = path.join(folder, 'package.json')
    if (fs.existsSync(candidate)) {
      const data = JSON.parse(fs.readFileSync(candidate, 'utf8')) as {name?: string; version?: string}
      if (data.name === 'docs-lint' && data.version) return {root: folder, version: data.version}
    }
    const parent = path.dirname(folder)
    if (parent === folder) return {root: undefined, version: '0.0.0'}
    folder = parent
  }
}

const found = findPackage()

export const version: string = found.version

/** The folder of docs-lint's package.json, where `schema/` lives; the cwd when none is found. */
export const packageRoot: string = found.root ?? process.cwd()
