import os from 'node:os'
import {defineConfig} from 'vitest/config'
import {tuneCompiler} from './src/engine/memory.js'

// The compiler setting the CLI makes for itself (`tuneProcess` in src/engine/memory.ts), here for the test threads
// and the workers they start, which lint the corpora in-process: the same results for less CPU (novu's
// corpus test: 9.5 to 9.6 s of CPU against 10.1 to 11.2 s; the wall time, about 8 s, did not change).
tuneCompiler()

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/helpers/temp-root.ts'],
    testTimeout: 30_000,
    pool: 'threads',
    // At least two test files at a time. Vitest's default is one fewer than the cores, so a 2-core CI
    // machine ran the files one by one: about 12 min for the suite, most of it the two corpus files
    // (about 200 s each, one core each). Two at a time there: 6 min 51 s, every test passing.
    maxWorkers: Math.max(2, os.availableParallelism() - 1)
  }
})
