import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {main} from '../../src/cli.js'

export interface CliRun {
  code: number
  stdout: string
  stderr: string
}

/** Run the CLI in-process, in `cwd`, capturing its output. */
export async function runCli(args: string[], cwd: string): Promise<CliRun> {
  let stdout = ''
  let stderr = ''
  const code = await main(args, {
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
    cwd,
    isTTY: false
  })
  return {code, stdout, stderr}
}

/** A temporary folder holding `files` (path → content). */
export function tempSite(files: Record<string, string | Buffer>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-lint-test-'))
  for (const [name, content] of Object.entries(files)) {
    const target = path.join(root, name)
    fs.mkdirSync(path.dirname(target), {recursive: true})
    fs.writeFileSync(target, content)
  }
  return root
}

export const goodPage = '---\ntitle: Install\ndescription: Install the command-line tool.\n---\n\n## Requirements\n\nYou need Node.js 20.\n'
