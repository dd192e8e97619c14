// Reading a rule file, bounded: a file that is too large, binary, unreadable or a link out of the folder
// gets one reason, and the command goes on with the others.
import {BoundedReadError, maxConfigBytes} from '../shared/bounded-read.js'
import {readInside} from '../site/reads.js'
import type {RuleFile} from './find.js'

/** Rule files are a few KB; anything past a megabyte is not one. */
const maxRuleFileBytes = maxConfigBytes

/** The longest line a rule file may have. */
export const maxLineLength = 2000

/** The text of a rule file, or why it cannot be read (`is larger than the 1 MB limit`, `is a binary file`). */
export function readRuleFile(file: RuleFile, folder: string): {text: string} | {reason: string} {
  let text: string
  try {
    text = readInside(file.absolute, folder, maxRuleFileBytes)
  } catch (error) {
    const reason = error instanceof BoundedReadError ? error.message : (error as NodeJS.ErrnoException).code === 'EACCES' ? 'cannot be read (permission denied)' : 'cannot be read (' + ((error as NodeJS.ErrnoException).code ?? (error as Error).message) + ')'
    return {reason}
  }
  if (text.includes('\u0000') || (text.match(/\uFFFD/g)?.length ?? 0) > 8) return {reason: 'is a binary file, not text'}
  // Conventions are sentences: the patterns that read them see lines of bounded length.
  if (text.split('\n').some((line) => line.length > maxLineLength)) return {reason: 'has a line longer than ' + maxLineLength.toLocaleString('en-US') + ' characters, which no rule file has'}
  return {text: text.replace(/^\uFEFF/, '')}
}
