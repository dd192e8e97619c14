import {describe, expect, it} from 'vitest'
import {VFile} from 'vfile'
import {editsBetween, kindRequested, messageRange, messageSeverity} from '../src/server/convert.js'
import type {TextEdit} from '../src/rule.js'

function apply(text: string, edits: TextEdit[]): string {
  let output = text
  for (const edit of [...edits].sort((a, b) => b.start - a.start)) output = output.slice(0, edit.start) + edit.text + output.slice(edit.end)
  return output
}

describe('editsBetween (the fix-all edit)', () => {
  it('returns no edit for equal texts and small edits for separate changes', () => {
    expect(editsBetween('a\nb\n', 'a\nb\n')).toEqual([])
    const before = 'one\ntwo e-mail\nthree\nfour\nfive e-mail\n'
    const after = 'one\ntwo email\nthree\nfour\nfive email\n'
    expect(editsBetween(before, after)).toEqual([
      {start: before.indexOf('-'), end: before.indexOf('-') + 1, text: ''},
      {start: before.lastIndexOf('-'), end: before.lastIndexOf('-') + 1, text: ''}
    ])
  })

  it('turns any text into any other (lines added, removed, CRLF, no final newline)', () => {
    const samples = ['', '\n', 'a', 'a\r\nb\r\n', 'x\ny\nz', '<Frame>\n  ![a](b.png)\n</Frame>\n', 'a\n\n\nb\n', '😀 a\nb']
    for (const before of samples) {
      for (const after of samples) expect(apply(before, editsBetween(before, after))).toBe(after)
    }
  })
})

describe('diagnostic conversion', () => {
  it('maps 1-based vfile places to 0-based LSP ranges and shifts the first line after a byte order mark', () => {
    const file = new VFile('')
    const message = file.message('x', {place: {start: {line: 1, column: 3}, end: {line: 2, column: 1}}})
    expect(messageRange(message, false)).toEqual({start: {line: 0, character: 2}, end: {line: 1, character: 0}})
    expect(messageRange(message, true)).toEqual({start: {line: 0, character: 3}, end: {line: 1, character: 0}})
    expect(messageRange(file.message('point', {place: {line: 4, column: 2}}), false)).toEqual({start: {line: 3, character: 1}, end: {line: 3, character: 1}})
    expect(messageRange(file.message('nowhere'), false)).toEqual({start: {line: 0, character: 0}, end: {line: 0, character: 0}})
  })

  it('maps fatal true, false and unset to error, warning and information', () => {
    const file = new VFile('')
    const message = file.message('x')
    message.fatal = true
    expect(messageSeverity(message)).toBe(1)
    message.fatal = false
    expect(messageSeverity(message)).toBe(2)
    message.fatal = undefined
    expect(messageSeverity(message)).toBe(3)
  })

  it('matches requested code action kinds by prefix', () => {
    expect(kindRequested('source.fixAll.docs-lint', undefined)).toBe(true)
    expect(kindRequested('source.fixAll.docs-lint', ['source'])).toBe(true)
    expect(kindRequested('source.fixAll.docs-lint', ['source.fixAll'])).toBe(true)
    expect(kindRequested('source.fixAll.docs-lint', ['source.fixAll.eslint'])).toBe(false)
    expect(kindRequested('source.fixAll.docs-lint', ['source.fix'])).toBe(false)
    expect(kindRequested('quickfix', ['source.fixAll.docs-lint'])).toBe(false)
    expect(kindRequested('quickfix', ['quickfix'])).toBe(true)
  })
})
