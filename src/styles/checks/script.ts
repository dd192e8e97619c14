// Vale's `script` check runs a Tengo program (a Go scripting language) on the text. docs-lint does not
// embed a Tengo interpreter, so a script rule is reported as one it cannot run, never skipped silently.

import {UnsupportedRuleError, type CheckFactory} from '../types.js'

export const script: CheckFactory = () => {
  throw new UnsupportedRuleError(
    'Tengo scripts cannot run in docs-lint: it does not embed a Tengo interpreter, so this `script` rule is not run. Rewrite it as another check kind (existence, occurrence, ...) or run it with Vale.',
    'script'
  )
}
