// What the command line's bundle (dist/bundle/docs-lint.cjs, made by scripts/bundle.mjs) exports to
// bin/docs-lint.js and to the pool's worker threads, which load it through src/bundle-loader.ts.
export {main} from './cli/index.js'
export {tuneProcess} from './engine/memory.js'
export {useImporter} from './shared/import-file.js'

/** Start a worker thread of the pool: the worker module serves the pool that started the thread. */
export function startWorker(): Promise<unknown> {
  return import('./engine/worker.js')
}
