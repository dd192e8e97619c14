import {pathToFileURL} from 'node:url'

type Importer = (url: string) => Promise<unknown>

let importer: Importer | undefined

/**
 * Import a file of the user's (a config written in JavaScript) by its path. The command line's bundle
 * runs through `vm.Script` from a code cache (src/bundle-loader.ts), where an `import()` has no module
 * loader to call; there the bundle's loader, which Node loaded, lends its own (`useImporter`).
 */
export function importFile(filePath: string): Promise<unknown> {
  const url = pathToFileURL(filePath).href
  return importer ? importer(url) : import(url)
}

/** Set the `import()` that `importFile` calls: the bundle's loader calls this once it has run the bundle. */
export function useImporter(load: Importer): void {
  importer = load
}
