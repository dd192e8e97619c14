import {load} from '../shared/lazy.js'

/** A unified diff of one file's text, as `git diff` shows it (three lines of context). */
export function unifiedDiff(filePath: string, before: string, after: string): string {
  const {createTwoFilesPatch} = load('diff') as typeof import('diff')
  return createTwoFilesPatch('a/' + filePath, 'b/' + filePath, before, after, undefined, undefined, {context: 3})
}
