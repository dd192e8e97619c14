import {createRequire} from 'node:module'

/**
 * Load a package when a page first needs it, not when docs-lint starts. The main thread of a run
 * whose pages all come from the cache, or all go to workers, never parses a page nor builds a prose
 * tree, so it never loads the parsers (about 0.2 s and some memory). ES module packages load through
 * require(esm), which Node has without a flag since 20.19.
 */
export const load = createRequire(import.meta.url)

/** The YAML library, loaded on first use: 40 ms that a run served from the cache does not spend. */
export const yaml = once(() => load('yaml') as typeof import('yaml'))

/** `make()` on the first call, the same value after. */
export function once<T>(make: () => T): () => T {
  let made = false
  let value: T
  return () => {
    if (!made) {
      value = make()
      made = true
    }
    return value
  }
}
