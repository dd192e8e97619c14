import fs from 'node:fs'
import path from 'node:path'
import {parentPort, workerData, type MessagePort} from 'node:worker_threads'
import {contentHash, stampOf, type FileStamp} from '../shared/stamp.js'
import {VFile} from 'vfile'
import {createProcessor} from '../linter/processor.js'
import {deserializeConfig, pageResultOf, serializeConfig, type PageResult, type SerializedConfig} from './remote.js'

export interface PageTask {
  id: number
  path: string
  cwd: string
  /** The page's text; absent for a page on disk, which the worker reads itself (as UTF-8, like unified-engine). */
  value: string | undefined
  /** Send back the content hash of the text linted, for the cache. */
  hashContent?: boolean | undefined
  config: SerializedConfig
  maxFileSize: number | undefined
  /** The page's length in characters, for the pool's scheduling (see `PagePool`). */
  size?: number | undefined
}

export interface TaskOutcome {
  result: PageResult
  /** With `hashContent`: the hash of the text linted. */
  hash: string | undefined
  /** With `hashContent`, for a page read from disk: its stat just before the read. */
  stamp?: FileStamp | undefined
}

export type TaskReply = ({id: number} & TaskOutcome) | {id: number; error: string}

/** Lint one page exactly as the main thread would (same processor), and send back its messages and facts. */
export async function lintTask(task: PageTask): Promise<TaskOutcome> {
  let stamp: FileStamp | undefined
  let value = task.value
  if (value === undefined) {
    const absolute = path.resolve(task.cwd, task.path)
    if (task.hashContent) stamp = stampOf(fs.statSync(absolute), Date.now())
    value = fs.readFileSync(absolute, 'utf8')
  }
  const config = deserializeConfig(task.config)
  const file = new VFile({path: task.path, cwd: task.cwd, value})
  const processor = createProcessor(config, {maxFileSize: task.maxFileSize})
  await processor.run(processor.parse(file), file)
  return {result: pageResultOf(file), hash: task.hashContent ? contentHash(value) : undefined, stamp}
}

/**
 * Lint a small page with every rule on before taking pages: the parsers and rule data load on first
 * use (about 0.3 s), which belongs to no page, and must not count against the first page's time
 * budget (`--file-timeout`).
 */
async function warmUp(): Promise<void> {
  const {resolveConfig} = await import('../config/resolve.js')
  const config = serializeConfig(resolveConfig({extends: 'all'}))
  const page = '---\ntitle: Start\ndescription: Warm up.\n---\n\n## Steps\n\nYou run `npm install`, then read [the guide](/guide).\n\n```bash\nnpm test\n```\n'
  try {
    await lintTask({id: -1, path: 'warm-up.mdx', cwd: process.cwd(), value: page, config, maxFileSize: undefined})
  } catch {
    // A page that fails here fails again with its own message when it is linted for real.
  }
}

// Only in a thread the pool started: this module is also imported by the main thread (and test runners' threads).
if (parentPort && (workerData as {docsLintWorker?: boolean} | undefined)?.docsLintWorker) serve(parentPort)

/** Take pages from the pool that started this thread, once warmed up. */
function serve(port: MessagePort): void {
  void warmUp().then(() => {
    port.postMessage('ready')
    port.on('message', (task: PageTask) => {
      lintTask(task).then(
        (outcome) => port.postMessage({id: task.id, ...outcome} satisfies TaskReply),
        (error: unknown) => port.postMessage({id: task.id, error: String((error as Error)?.stack ?? error)} satisfies TaskReply)
      )
    })
  })
}
