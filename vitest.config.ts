import v8 from 'node:v8'
import {defineConfig} from 'vitest/config'

// The compiler setting the CLI makes for itself (`tuneHeap` in src/memory.ts), here for the test threads
// and the workers they start, which lint the corpora in-process: the same results, about a third less CPU.
v8.setFlagsFromString('--no-turbo-inlining')

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    pool: 'threads'
  }
})
