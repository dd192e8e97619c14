// Vitest's global setup: every temporary folder the tests and the CLIs they start make goes under one
// folder of the run (TMPDIR, TMP and TEMP point there), removed when the run ends. Without it, one run
// of the suite left about 400 folders in the system's temp folder, some of them 300 MB.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const variables = ['TMPDIR', 'TMP', 'TEMP'] as const

export default function setup(): () => void {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-lint-tests-'))
  const previous = variables.map((name) => process.env[name])
  for (const name of variables) process.env[name] = root
  return () => {
    variables.forEach((name, index) => {
      if (previous[index] === undefined) delete process.env[name]
      else process.env[name] = previous[index]
    })
    fs.rmSync(root, {recursive: true, force: true})
  }
}
