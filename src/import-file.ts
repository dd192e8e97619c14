import {createRequire} from 'node:module'
import {pathToFileURL} from 'node:url'

type Importer = (url: string) => Promise<unknown>

let importer: Importer | undefined
let userCodeListener: (() => void) | undefined

/**
 * Import a file of the user's (a config written in JavaScript) by its path. The command line's bundle
 * runs through `vm.Script` from a code cache (src/bundle-loader.ts), where an `import()` has no module
 * loader to call; there the bundle's loader, which Node loaded, lends its own (`useImporter`).
 */
export function importFile(filePath: string): Promise<unknown> {
  userCodeListener?.()
  const url = pathToFileURL(filePath).href
  return importer ? importer(url) : import(url)
}

/** Require a CommonJS file of the user's (a config that another `extends`, or the one given) by its path. */
export function requireFile(filePath: string): unknown {
  userCodeListener?.()
  return createRequire(import.meta.url)(filePath)
}

/**
 * Set the `import()` that `importFile` calls, and what to tell whenever the user's JavaScript loads:
 * the bundle's loader calls this once it has run the bundle. Node's module loader reads that code and
 * what it requires past `node:fs`, where a run's record cannot see it (src/run-record.ts).
 */
export function useImporter(load: Importer, onUserCode?: () => void): void {
  importer = load
  userCodeListener = onUserCode
}
