import v8 from 'node:v8'
import vm from 'node:vm'

/**
 * Heap and compiler tuning for a process that docs-lint owns (the CLI), never for one that imports docs-lint.
 *
 * Parsing allocates some 900 bytes for each byte of a page, and V8 grows a heap to up to four times
 * what survives a full collection before it collects again: three heaps (this thread and two
 * workers) of 100 to 150 MB each, for about 20 MB of live data each. A growing factor of 2 keeps
 * them at 60 to 100 MB for a few per cent more collection work (10,000 pages: peak RSS 550 to 620
 * MB by default, 400 to 470 MB with this). The flag is read whenever V8 sizes a heap, so it holds for
 * this thread from now on and for every worker started after.
 */
export function tuneProcess(): void {
  tuneFlags()
  tuned = true
}

/**
 * The V8 flags of `tuneProcess`, which src/bundle-loader.ts sets before it compiles the bundle: V8
 * takes a code cache only under the flags it was made with. Setting them again changes nothing.
 */
export function tuneFlags(): void {
  v8.setFlagsFromString('--heap-growing-percent=100')
  tuneCompiler()
  v8.setFlagsFromString('--expose-gc')
}

/**
 * No inlining in V8's optimizing compiler, for this thread and every worker started after (the flag
 * is read at each compile). The parser's functions are large state machines: with inlining, each
 * optimized compile takes 30 to 90 ms of a background thread and is often thrown away when a page
 * brings new shapes, so a worker spent as much CPU compiling as parsing (novu, one thread: 4.1 s of
 * compiles, 57 deoptimizations; without inlining 1.5 s, none). Without it, a cold run of novu took
 * 0.73 to 0.79 of the wall time and box 0.67 (A/B, interleaved, 2 cores). Once compiled, the code
 * runs about as fast: a third parse of novu's pages in one thread took 2.8 to 3.1 s with inlining,
 * 3.0 to 3.1 s without.
 */
export function tuneCompiler(): void {
  v8.setFlagsFromString('--no-turbo-inlining')
  v8.setFlagsFromString(`--interrupt-budget=${interruptBudget}`)
}

/**
 * How much bytecode a function runs before V8 considers optimizing it: four times Node 20's default
 * (67,584). By default V8 optimizes the parser's functions on the feedback of a run's first pages;
 * waiting longer spends less CPU on optimizing compiles, which share the machine's cores with the
 * parse. Cold runs on Node 20, 2 cores, interleaved, the median of each round's ratio to the default
 * (wall time, CPU time): hoppscotch (107 pages, 25 rounds) 0.90 and 0.82; novu (405 pages, 11
 * rounds) 0.91 and 0.88; box (3,486 pages, 7 rounds) 0.82 and 0.82; Comfy-Org (5,360 pages, 6
 * rounds) 1.01 and 1.00. On box, twice the default gained less (0.88 and 0.88), eight and sixteen
 * times no more (1.04 and 0.98 of four times).
 */
const interruptBudget = 4 * 67_584

let tuned = false
let collector: (() => void) | undefined

/**
 * A full collection on demand, where `tuneProcess` allows it: `gc` shows only in contexts made after
 * its flag. The context is made at the first collection (a millisecond that a run served from the
 * cache does without).
 */
function fullCollection(): (() => void) | undefined {
  if (tuned) collector ??= vm.runInNewContext('gc') as () => void
  return collector
}

/**
 * Collect garbage now, where `tuneProcess` allows it. unified-engine starts every page's pipeline at
 * once, so this thread's heap grows to about 150 MB while it hands out 10,000 pages, then holds 30
 * MB while the workers lint for the rest of the run: one full collection (some 40 ms) gives the
 * rest back.
 */
export function collectGarbage(): void {
  fullCollection()?.()
}

/** Pages whose results this thread has taken in since its last collection. */
let takenIn = 0

/** Results taken in between two collections: about one every 4 s on 10,000 pages, 30 to 50 ms each. */
const collectEveryPages = 1000

/**
 * Count one page's result taken in from a worker, and collect garbage every `collectEveryPages`,
 * where `tuneProcess` allows it. Each result arrives as a copy that is garbage once it is on its file,
 * while what stays (messages, facts) grows with every page, so V8 lets this thread's heap grow to
 * twice that before it collects: 10,000 pages, peak RSS 400 to 430 MB without, about 390 MB with.
 */
export function tookInPage(): void {
  if (!tuned || ++takenIn < collectEveryPages) return
  takenIn = 0
  fullCollection()?.()
}
