import {parentPort, workerData} from 'node:worker_threads'
import {VFile} from 'vfile'
import {createProcessor} from './processor.js'
import {deserializeConfig, pageResultOf, type PageResult, type SerializedConfig} from './remote.js'

export interface PageTask {
  id: number
  path: string
  cwd: string
  value: string
  config: SerializedConfig
  maxFileSize: number | undefined
}

export type TaskReply = {id: number; result: PageResult} | {id: number; error: string}

/** Lint one page exactly as the main thread would (same processor), and send back its messages and facts. */
export async function lintTask(task: PageTask): Promise<PageResult> {
  const config = deserializeConfig(task.config)
  const file = new VFile({path: task.path, cwd: task.cwd, value: task.value})
  const processor = createProcessor(config, {maxFileSize: task.maxFileSize})
  await processor.run(processor.parse(file), file)
  return pageResultOf(file)
}

// Only in a thread the pool started: this module is also imported by the main thread (and test runners' threads).
if (parentPort && (workerData as {docsLintWorker?: boolean} | undefined)?.docsLintWorker) {
  const port = parentPort
  port.postMessage('ready')
  port.on('message', (task: PageTask) => {
    lintTask(task).then(
      (result) => port.postMessage({id: task.id, result} satisfies TaskReply),
      (error: unknown) => port.postMessage({id: task.id, error: String((error as Error)?.stack ?? error)} satisfies TaskReply)
    )
  })
}
