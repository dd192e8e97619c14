import path from 'node:path'
import {examplesOf as examplesOfPage, type Example} from '../../src/testing/examples.js'

export const docsRoot = path.resolve(import.meta.dirname, '../../docs')

export type {Example} from '../../src/testing/examples.js'
export {formatMessage} from '../../src/testing/examples.js'

export const fixturesRoot = path.resolve(import.meta.dirname, '../fixtures/sites')

/** The examples of docs-lint's own rule `ruleId`, from its page in `docs/rules/` (see `src/testing/examples.ts`). */
export function examplesOf(ruleId: string): Example[] {
  return examplesOfPage(path.join(docsRoot, 'rules', ruleId + '.mdx'), ruleId)
}
