import fs from 'node:fs'
import path from 'node:path'
import {BoundedReadError, maxConfigBytes, readBounded} from '../shared/bounded-read.js'

/**
 * unified-engine reads every page it is given at once (`fs.readFile` for each, all started together):
 * on a site of 3,000 pages that is 3,000 files open at a time, and with a limit of 1,024 (or 256)
 * most reads fail with `EMFILE`. While a run is in unified-engine, its `fs.readFile` calls go through
 * a queue that keeps at most `maxOpenReads` open. This file is docs-lint's one dependency on how
 * unified-engine reads files (`lib/file-pipeline/read.js`, `lib/find-up.js` call `fs.readFile`).
 */
export const maxOpenReads = 64

/**
 * The config and ignore files unified-engine finds (`lib/find-up.js`) are read here too, by the same rules as
 * every config docs-lint reads: bounded, a device or named pipe refused, and without the byte order
 * mark an editor may have saved (`JSON.parse` rejects it).
 */
const configName = /^\.docs-lintrc(\.(json|ya?ml|c?js|mjs))?$|^package\.json$|^\.docs-lintignore$/

type ReadFile = typeof fs.readFile
type Callback = (error: NodeJS.ErrnoException | null, data: unknown) => void

let original: ReadFile = fs.readFile
/** Who hears of a config or ignore file refused (a device, a named pipe, too large): the runs in progress. */
const refusalListeners = new Set<(file: string, error: BoundedReadError) => void>()
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
  if (typeof args[0] === 'string' && args.length === 2 && configName.test(path.basename(args[0]))) {
    let result: Buffer | undefined
    let failure: unknown
    try {
      result = readBounded(args[0], maxConfigBytes)
      if (result[0] === 0xef && result[1] === 0xbb && result[2] === 0xbf) result = result.subarray(3)
    } catch (error) {
      failure = error
      // unified-engine takes any failure to read an ignore file or a `package.json` for its absence: said here.
      if (error instanceof BoundedReadError) for (const listener of refusalListeners) listener(args[0], error)
    }
    process.nextTick(() => (callback as Callback)((failure as NodeJS.ErrnoException | undefined) ?? null, result))
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

/**
 * Run `work` with `fs.readFile` queued (see above); runs may overlap, the queue is shared. `refused`
 * hears of each config or ignore file that unified-engine asked for and that was refused.
 */
export async function withReadQueue<T>(work: () => Promise<T>, refused?: (file: string, error: BoundedReadError) => void): Promise<T> {
  if (runs++ === 0) {
    original = fs.readFile
    fs.readFile = queued
  }
  if (refused) refusalListeners.add(refused)
  try {
    return await work()
  } finally {
    if (refused) refusalListeners.delete(refused)
    if (--runs === 0) fs.readFile = original
  }
}
