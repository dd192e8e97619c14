import type {VFile} from 'vfile'
import {reporter} from 'vfile-reporter'

export interface ReporterOptions {
  color?: boolean
  /** Only errors (fatal messages). */
  quiet?: boolean
}

/** Human-readable output (vfile-reporter): file, `line:column-endLine:endColumn`, severity, reason, rule. */
export function pretty(files: VFile[], options: ReporterOptions = {}): string {
  const report = reporter(files, {color: options.color ?? false, quiet: true, silent: options.quiet ?? false})
  return report
}
