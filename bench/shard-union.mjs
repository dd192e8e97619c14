#!/usr/bin/env node
// Checks that the union of `--shard 1/n` … `n/n` equals the unsharded run on a folder (default: box).
// Usage: node bench/shard-union.mjs [folder] [n]
import {spawnSync} from 'node:child_process'
import path from 'node:path'
import {fileURLToPath} from 'node:url'

const here = path.dirname(fileURLToPath(import.meta.url))
const folder = path.resolve(process.argv[2] ?? path.join(here, '../../shared/corpora/box__box-mintlify'))
const count = Number(process.argv[3] ?? 3)
const run = (...args) => {
  const result = spawnSync(process.execPath, [path.join(here, '../bin/docs-lint.js'), '--format', 'json', ...args, '.'], {cwd: folder, encoding: 'utf8', maxBuffer: 1 << 30})
  return JSON.parse(result.stdout)
}
const key = (file) => JSON.stringify([file.path, file.messages])
const whole = run().filter((file) => file.messages.length > 0).map(key).sort()
const parts = []
for (let index = 1; index <= count; index++) parts.push(...run('--shard', index + '/' + count).filter((file) => file.messages.length > 0).map(key))
parts.sort()
const same = JSON.stringify(whole) === JSON.stringify(parts)
console.log(`${path.basename(folder)}: unsharded ${whole.length} files with messages; union of ${count} shards ${parts.length}; identical: ${same}`)
process.exit(same ? 0 : 1)
