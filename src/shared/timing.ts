/**
 * Milliseconds per rule, and per piece of work rules share (front matter, prose trees), in this
 * thread. Collected only when `DOCS_LINT_TIMING` is set (like ESLint's TIMING); `bench/rule-timing.mjs`
 * prints them. Shared work is counted once under its own name, not under the rule that asked first.
 */
/**
 * Milliseconds from a fixed point, like `performance.now()`: the global `performance` loads Node's
 * perf_hooks module on first use, some 3 ms of a run the cache serves in 0.17 s.
 */
export function now(): number {
  return Number(process.hrtime.bigint()) / 1e6
}

export const timings = new Map<string, number>()
export const timing = Boolean(process.env['DOCS_LINT_TIMING'])

let shared = 0

/** Run `work`, counting its time under `name` when timing is on. */
export function timeShared<T>(name: string, work: () => T): T {
  if (!timing) return work()
  const started = performance.now()
  try {
    return work()
  } finally {
    const spent = performance.now() - started
    shared += spent
    timings.set(name, (timings.get(name) ?? 0) + spent)
  }
}

/** Time of shared work done so far: a rule's own time is its time less the shared work it triggered. */
export function sharedSoFar(): number {
  return shared
}
