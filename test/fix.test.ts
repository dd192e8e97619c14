import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {describe, expect, it} from 'vitest'
import {VFile} from 'vfile'
import type {Root} from 'mdast'
import {applyFixes, writeFileAtomic} from '../src/fix.js'
import {defineRule, RuleContractError} from '../src/rule.js'

function messageWithFix(ruleId: string, edits: Array<{start: number; end: number; text: string}>) {
  const file = new VFile()
  const message = file.message('x', {ruleId, source: 'docs-lint'})
  Object.assign(message, {fix: edits})
  return message
}

describe('applyFixes', () => {
  it('applies non-overlapping fixes and skips a fix that overlaps one already taken, whole', () => {
    const source = 'one two three'
    const {output, applied} = applyFixes(source, [
      messageWithFix('a', [{start: 0, end: 3, text: 'ONE'}]),
      messageWithFix('b', [{start: 2, end: 7, text: 'X'}, {start: 8, end: 13, text: 'THREE'}]),
      messageWithFix('c', [{start: 4, end: 7, text: 'TWO'}])
    ])
    // `b` overlaps `a`, so none of its edits apply (not even the one on `three`).
    expect(output).toBe('ONE TWO three')
    expect(applied).toBe(2)
  })

  it('keeps CRLF line endings in inserted text', () => {
    const source = 'a\r\nb\r\n'
    const {output} = applyFixes(source, [messageWithFix('a', [{start: 3, end: 3, text: 'x\ny\n'}])])
    expect(output).toBe('a\r\nx\r\ny\r\nb\r\n')
  })

  it('only applies the rules asked for', () => {
    const {output} = applyFixes('ab', [messageWithFix('a', [{start: 0, end: 1, text: 'A'}]), messageWithFix('b', [{start: 1, end: 2, text: 'B'}])], {rules: new Set(['b'])})
    expect(output).toBe('aB')
  })

  it('ignores edits outside the text', () => {
    expect(applyFixes('ab', [messageWithFix('a', [{start: 1, end: 5, text: 'x'}])])).toEqual({output: 'ab', applied: 0})
  })
})

describe('rule contract', () => {
  it('refuses a fix from a rule not marked fixable', () => {
    const rule = defineRule({
      id: 'sneaky-fix',
      severity: 'warn',
      summary: 'test rule',
      fixable: false,
      defaults: {},
      create: () => (_tree, {report}) => report({message: 'x', fix: [{start: 0, end: 0, text: 'y'}]})
    })
    const tree: Root = {type: 'root', children: []}
    expect(() => rule.prepare(undefined)(tree, {file: new VFile(), page: {} as never, report: () => {}})).not.toThrow()
    const transformer = rule.plugin.call(undefined as never, ['warn'] as never) as unknown as (t: Root, f: VFile, n: () => void) => void
    const file = new VFile('')
    transformer(tree, file, () => {})
    // unified-lint-rule turns the thrown contract error into a message on the page.
    expect(file.messages.map((message) => message.reason)).toEqual([
      'Rule `sneaky-fix` attached a fix but is not marked `fixable: true`'
    ])
    expect(file.messages[0]!.cause).toBeInstanceOf(RuleContractError)
  })
})

describe('writeFileAtomic', () => {
  it('replaces the file, keeps its mode, and leaves no temporary file', () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-lint-fix-'))
    const file = path.join(folder, 'a.mdx')
    fs.writeFileSync(file, 'old')
    fs.chmodSync(file, 0o640)
    writeFileAtomic(file, 'new')
    expect(fs.readFileSync(file, 'utf8')).toBe('new')
    expect(fs.statSync(file).mode & 0o777).toBe(0o640)
    expect(fs.readdirSync(folder)).toEqual(['a.mdx'])
  })

  it('reports a read-only file and leaves it untouched', () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-lint-fix-'))
    const file = path.join(folder, 'a.mdx')
    fs.writeFileSync(file, 'old')
    fs.chmodSync(file, 0o444)
    expect(() => writeFileAtomic(file, 'new')).toThrow('Cannot write fixes: the file is read-only')
    expect(fs.readFileSync(file, 'utf8')).toBe('old')
    expect(fs.readdirSync(folder)).toEqual(['a.mdx'])
  })
})
