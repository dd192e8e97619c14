import fs from 'node:fs'

/**
 * unified-engine reads every page it is given at once (`fs.readFile` for each, all started together):
 * on a site of 3,000 pages that is 3,000 files open at a time, and with a limit of 1,024 (or 256)
 * most reads fail with `EMFILE`. While a run is in unified-engine, its `fs.readFile` calls go through
 * a queue that keeps at most `maxOpenReads` open. This file is docs-lint's one dependency on how
 * unified-engine reads files (`lib/file-pipeline/read.js`, `lib/find-up.js` call `fs.readFile`).
 */
export const maxOpenReads = 64

type ReadFile = typeof fs.readFile
type Callback = (error: NodeJS.ErrnoException | null, data: unknown) => void

let original: ReadFile = fs.readFile
const waiting: Array<() => void> = []
let open = 0
let runs = 0

function release(): void {
  open--
  waiting.shift()?.()
}

const queued = function (this: unknown, ...args: unknown[]): void {
  const callback = args.at(-1)
  if (typeof callback !== 'function') {
    ;(original as (...parameters: unknown[]) => void).apply(this, args)
    return
  }
  const start = () => {
    open++
    ;(original as (...parameters: unknown[]) => void).apply(fs, [
      ...args.slice(0, -1),
      (error: NodeJS.ErrnoException | null, data: unknown) => {
        release()
        ;(callback as Callback)(error, data)
      }
    ])
  }
  if (open < maxOpenReads) start()
  else waiting.push(start)
} as unknown as ReadFile

/** Run `work` with `fs.readFile` queued (see above); runs may overlap, the queue is shared. */
export async function withReadQueue<T>(work: () => Promise<T>): Promise<T> {
  if (runs++ === 0) {
    original = fs.readFile
    fs.readFile = queued
  }
  try {
    return await work()
  } finally {
    if (--runs === 0) fs.readFile = original
  }
}
