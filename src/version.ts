import fs from 'node:fs'
import path from 'node:path'
import {fileURLToPath} from 'node:url'

/** docs-lint's package.json, found from this module whether it runs from `src/` or `dist/src/`. */
function readPackageVersion(): string {
  let folder = path.dirname(fileURLToPath(import.meta.url))
  for (;;) {
    const candidate = path.join(folder, 'package.json')
    if (fs.existsSync(candidate)) {
      const data = JSON.parse(fs.readFileSync(candidate, 'utf8')) as {name?: string; version?: string}
      if (data.name === 'docs-lint' && data.version) return data.version
    }
    const parent = path.dirname(folder)
    if (parent === folder) return '0.0.0'
    folder = parent
  }
}

export const version: string = readPackageVersion()
