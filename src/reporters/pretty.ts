import type {VFile} from 'vfile'
import {load, once} from '../lazy.js'

// Loaded on first use: a run that reports in another format never needs it.
const vfileReporter = once(() => (load('vfile-reporter') as typeof import('vfile-reporter')).reporter)

export interface ReporterOptions {
  color?: boolean
  /** Only errors (fatal messages). */
  quiet?: boolean
}

/** Human-readable output (vfile-reporter): file, `line:column-endLine:endColumn`, severity, reason, rule. */
export function pretty(files: VFile[], options: ReporterOptions = {}): string {
  const report = vfileReporter()(files, {color: options.color ?? false, quiet: true, silent: options.quiet ?? false})
  return report
}
