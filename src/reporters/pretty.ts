import type {VFile} from 'vfile'
import {load, once} from '../lazy.js'
import {escapeControl, hasControl} from './control.js'

// Loaded on first use: a run that reports in another format never needs it.
const vfileReporter = once(() => (load('vfile-reporter') as typeof import('vfile-reporter')).reporter)

export interface ReporterOptions {
  color?: boolean
  /** Only errors (fatal messages). */
  quiet?: boolean
}

/** Human-readable output (vfile-reporter): file, `line:column-endLine:endColumn`, severity, reason, rule. */
export function pretty(files: VFile[], options: ReporterOptions = {}): string {
  // Paths and reasons with control characters (from file names) are printed escaped; the files are left as they are.
  const restore: Array<() => void> = []
  for (const file of files) {
    if (file.history.some(hasControl)) {
      const history = file.history
      file.history = history.map(escapeControl)
      restore.push(() => (file.history = history))
    }
    for (const message of file.messages) {
      if (hasControl(message.reason)) {
        const reason = message.reason
        message.reason = escapeControl(reason)
        restore.push(() => (message.reason = reason))
      }
    }
  }
  try {
    return vfileReporter()(files, {color: options.color ?? false, quiet: true, silent: options.quiet ?? false})
  } finally {
    for (const undo of restore) undo()
  }
}
