import os from 'node:os'
import type {Worker} from 'node:worker_threads'
import type {PageTask, TaskOutcome, TaskReply} from './worker.js'
import {now} from '../shared/timing.js'

interface Slot {
  worker: Worker
  inFlight: Map<number, Pending>
  /** Set when the worker has loaded docs-lint; a page's clock starts only then. */
  ready: boolean
}

interface Pending {
  task: PageTask
  resolve: (outcome: TaskOutcome) => void
  reject: (error: Error) => void
  started: number
}

export class PageTimeoutError extends Error {}

/**
 * A worker's young generation, where a page's parse allocates. V8's default (48 MB, two 16 MB halves)
 * costs each worker 34 MB; 32 MB saves a third of that for about as many collections per page.
 */
const workerYoungGenerationMb = 32

/** Pages of this many characters or more parse with a large transient heap (the top 1% of pages on the corpora here). */
export const heavyPageSize = 32 * 1024

const isHeavy = (task: PageTask): boolean => (task.size ?? 0) >= heavyPageSize

/**
 * Which queued page to start next (-1: none for now): the first in the queue, but a heavy page only
 * while no other heavy page is in flight. Parsing a large page takes tens of MB for a moment; two at
 * once, one per worker, make a run's peak memory (on the corpora's largest pages, 20 MB more). A
 * held heavy page keeps its place at the head of the queue.
 */
export function nextToStart<T>(queue: readonly T[], heavyInFlight: boolean, sizeOf: (item: T) => number | undefined): number {
  if (queue.length === 0) return -1
  const heavy = (item: T) => (sizeOf(item) ?? 0) >= heavyPageSize
  if (!heavyInFlight || !heavy(queue[0]!)) return 0
  return queue.findIndex((item) => !heavy(item))
}

/**
 * Every worker runs the bundle (`dist/bundle/worker.js`), whichever build started it: the command line
 * (the bundle itself), the library (`dist/src`) and the tests (TypeScript, after `npm test` builds).
 * The pool ends a worker with `terminate()` (a page past its time budget, the end of a run), and on
 * Node 20 ending a thread while it loads an ES module through `require()` aborts the whole process
 * (`IsGraphAsync must be used on an instantiated module`). The compiled modules in `dist/src` load
 * their packages that way on first use (src/shared/lazy.ts); the bundle has them inside, as plain functions.
 */
export const workerUrl = import.meta.url.endsWith('.ts')
  ? new URL('../../dist/bundle/worker.js', import.meta.url)
  : import.meta.url.endsWith('/dist/src/engine/pool.js')
    ? new URL('../../bundle/worker.js', import.meta.url)
    : new URL('./worker.js', import.meta.url)

/**
 * The process's Node options for a worker when they hold `--input-type`, less that option: a worker
 * started from a file fails with it (`node --input-type=module -e "..."` calling the library).
 * Otherwise undefined: the worker inherits them as they are. Options given explicitly are checked,
 * and V8 flags such as `--max-old-space-size` are refused there, though a worker inherits them.
 */
export function workerExecArgv(execArgv: readonly string[]): string[] | undefined {
  if (!execArgv.some((flag) => flag === '--input-type' || flag.startsWith('--input-type='))) return undefined
  const kept: string[] = []
  for (let index = 0; index < execArgv.length; index++) {
    const flag = execArgv[index]!
    if (flag === '--input-type') index++
    else if (!flag.startsWith('--input-type=')) kept.push(flag)
  }
  return kept
}

/** Default worker count: the cores the process may use. */
export function availableCores(): number {
  return typeof os.availableParallelism === 'function' ? os.availableParallelism() : os.cpus().length
}

/**
 * Worker threads that parse and lint pages. Each worker has at most two pages in flight, so it is never
 * idle while the main thread reads the next file. A page that runs past `timeoutMs` ends its worker
 * (the only way to stop a runaway parse) and becomes a timeout error; a new worker takes over.
 */
export class PagePool {
  private readonly workers: Slot[] = []
  private readonly queue: Pending[] = []
  private nextId = 0
  private timer: NodeJS.Timeout | undefined
  private closed = false

  constructor(
    private readonly size: number,
    private readonly timeoutMs: number
  ) {}

  /** Workers start with the first page that needs one: a run served from the cache starts none. */
  private start(): void {
    if (this.started) return
    this.started = true
    try {
      for (let index = 0; index < this.size; index++) this.workers.push(this.spawn())
    } catch (error) {
      // Every page fails with the reason, rather than waiting for a worker that never comes.
      this.startError = new Error('Cannot start a worker thread: ' + String((error as Error)?.message ?? error))
    }
  }

  private started = false

  private startError: Error | undefined

  private failures = 0

  private spawn(): Slot {
    // Loaded when the first worker starts: a run the cache serves starts none.
    const {Worker} = process.getBuiltinModule('node:worker_threads')
    const execArgv = workerExecArgv(process.execArgv)
    const worker = new Worker(workerUrl, {
      workerData: {docsLintWorker: true},
      ...(execArgv ? {execArgv} : {}),
      resourceLimits: {maxYoungGenerationSizeMb: workerYoungGenerationMb}
    })
    const slot: Slot = {worker, inFlight: new Map<number, Pending>(), ready: false}
    worker.on('message', (reply: TaskReply | 'ready') => {
      if (reply === 'ready') {
        slot.ready = true
        this.pump()
        return
      }
      const pending = slot.inFlight.get(reply.id)
      if (!pending) return
      slot.inFlight.delete(reply.id)
      // The page that waited behind this one starts now: its time budget too.
      const next = slot.inFlight.values().next().value
      if (next) next.started = now()
      if ('error' in reply) pending.reject(new Error(reply.error))
      else pending.resolve({result: reply.result, hash: reply.hash, stamp: reply.stamp})
      this.pump()
    })
    worker.on('error', (error) => this.replace(slot, error))
    worker.on('exit', (code) => {
      if (!this.closed && code !== 0) this.replace(slot, new Error('worker stopped with code ' + code))
    })
    return slot
  }

  private replace(slot: Slot, error: Error): void {
    const index = this.workers.indexOf(slot)
    if (index === -1) return
    for (const pending of slot.inFlight.values()) pending.reject(error)
    slot.inFlight.clear()
    void slot.worker.terminate()
    // A worker that cannot even start would fail again: stop replacing and fail what is queued.
    if (error.message !== 'timeout' && ++this.failures > 2 * this.size) {
      this.workers.splice(index, 1)
      if (this.workers.length === 0) for (const pending of this.queue.splice(0)) pending.reject(error)
      return
    }
    if (!this.closed) this.workers[index] = this.spawn()
    this.pump()
  }

  run(task: Omit<PageTask, 'id'>): Promise<TaskOutcome> {
    this.start()
    if (this.startError) return Promise.reject(this.startError)
    return new Promise((resolve, reject) => {
      this.queue.push({task: {...task, id: this.nextId++}, resolve, reject, started: 0})
      this.pump()
      this.timer ??= setInterval(() => this.checkTimeouts(), Math.min(1000, this.timeoutMs)).unref()
    })
  }

  private pump(): void {
    for (const slot of this.workers) {
      while (slot.ready && slot.inFlight.size < 2) {
        const pending = this.next()
        if (!pending) break
        pending.started = now()
        slot.inFlight.set(pending.task.id, pending)
        slot.worker.postMessage(pending.task)
      }
    }
  }

  private next(): Pending | undefined {
    const index = nextToStart(this.queue, this.heavyInFlight(), (pending) => pending.task.size)
    return index === -1 ? undefined : this.queue.splice(index, 1)[0]
  }

  private heavyInFlight(): boolean {
    for (const slot of this.workers) {
      for (const pending of slot.inFlight.values()) if (isHeavy(pending.task)) return true
    }
    return false
  }

  private checkTimeouts(): void {
    const at = now()
    for (const slot of this.workers) {
      // Only the oldest page of a worker is running; the other waits behind it.
      const oldest = slot.inFlight.values().next().value
      if (oldest && slot.ready && at - oldest.started > this.timeoutMs) {
        slot.inFlight.delete(oldest.task.id)
        oldest.reject(new PageTimeoutError('Stopped after ' + Number((this.timeoutMs / 1000).toFixed(1)) + ' s: the page takes longer than the time budget (`--file-timeout`)'))
        // The page behind it never started: it goes back to the queue.
        for (const waiting of slot.inFlight.values()) this.queue.unshift(waiting)
        slot.inFlight.clear()
        this.replace(slot, new Error('timeout'))
      }
    }
  }

  async close(): Promise<void> {
    this.closed = true
    if (this.timer) clearInterval(this.timer)
    await Promise.all(this.workers.map((slot) => slot.worker.terminate()))
  }
}
