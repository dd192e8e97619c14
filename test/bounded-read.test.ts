import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {afterAll, describe, expect, it} from 'vitest'
import {BoundedReadError, readBounded} from '../src/shared/bounded-read.js'

// Config files, the site's files and the cache are read through readBounded: whole, and never past a limit.
describe('readBounded', () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-lint-bounded-'))
  afterAll(() => fs.rmSync(folder, {recursive: true, force: true}))
  const fileOf = (name: string, bytes: Buffer) => {
    const file = path.join(folder, name)
    fs.writeFileSync(file, bytes)
    return file
  }

  it('reads a file whole, empty, small, or larger than one read', () => {
    for (const size of [0, 1, 4095, 64 * 1024 + 3, 300_000]) {
      const bytes = Buffer.from(Array.from({length: size}, (_, index) => index % 251))
      expect(readBounded(fileOf('page-' + size, bytes), 1024 * 1024).equals(bytes)).toBe(true)
    }
  })

  it('reads a file of exactly the limit, and refuses one byte more', () => {
    const file = fileOf('limit', Buffer.alloc(1000, 97))
    expect(readBounded(file, 1000).length).toBe(1000)
    expect(() => readBounded(file, 999)).toThrow(BoundedReadError)
    expect(() => readBounded(file, 999)).toThrow('is larger than the 1 KB limit')
  })

  it('refuses a folder before reading', () => {
    expect(() => readBounded(folder, 1000)).toThrow('is not a regular file (a folder)')
  })

  it.runIf(process.platform === 'linux')('reads on past the size the file had when opened (a file whose size says 0)', () => {
    // Files under /proc say they are empty and are not: the read goes on into a larger buffer.
    const text = readBounded('/proc/self/status', 1024 * 1024).toString('utf8')
    expect(fs.statSync('/proc/self/status').size).toBe(0)
    expect(text).toMatch(/^Name:/)
    expect(text.length).toBeGreaterThan(100)
    expect(() => readBounded('/proc/self/status', 10)).toThrow(BoundedReadError)
  })
})
