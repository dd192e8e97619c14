import fs from 'node:fs'
import path from 'node:path'
import {describe, expect, it} from 'vitest'
import {rules} from '../rules/index.js'
import {fixText, lintText, resolveConfig} from '../src/index.js'
import {applyFixes} from '../src/fix.js'
import type {MessageExtras} from '../src/rule.js'
import {docsRoot, examplesOf, formatMessage, siteExampleMessages} from './helpers/examples.js'

const rulesFolder = path.resolve(import.meta.dirname, '../rules')

describe('rule registry', () => {
  it('lists exactly the rule files in rules/', () => {
    const files = fs
      .readdirSync(rulesFolder)
      .filter((name) => name.endsWith('.ts') && name !== 'index.ts' && !name.endsWith('.d.ts') && !name.includes('.data.'))
      .map((name) => name.replace(/\.ts$/, ''))
      .sort()
    expect(rules.map((rule) => rule.id).sort()).toEqual(files)
  })

  it('has a doc page with ok and not-ok examples for every rule', () => {
    for (const rule of rules) {
      const examples = examplesOf(rule.id)
      expect(examples.some((example) => example.kind === 'ok'), rule.id + ' has an ok example').toBe(true)
      expect(examples.some((example) => example.kind === 'not-ok'), rule.id + ' has a not-ok example').toBe(true)
      for (const example of examples) {
        if (example.kind === 'not-ok') {
          expect(example.messages.length, rule.id + ' example at line ' + example.line + ' lists its messages').toBeGreaterThan(0)
        }
      }
    }
  })

  it('derives each docs URL from the rule id', () => {
    for (const rule of rules) {
      expect(rule.url).toBe('https://docs-lint.dev/rules/' + rule.id)
      expect(fs.existsSync(path.join(docsRoot, 'rules', rule.id + '.mdx'))).toBe(true)
    }
  })
})

for (const rule of rules) {
  describe('rule ' + rule.id, () => {
    for (const example of examplesOf(rule.id)) {
      it(example.kind + ': ' + example.name + ' (docs line ' + example.line + ')', async () => {
        if (example.site) {
          // Site rules: the example is a fixture folder; the doc page shows some of its files.
          const setting = example.options ? [rule.severity, example.options] : rule.severity
          const {messages, files} = await siteExampleMessages(example, rule.id, setting)
          for (const shown of files) expect(shown.actual, 'the doc page shows ' + shown.file + ' as in the fixture').toBe(shown.expected)
          expect(messages).toEqual(example.messages)
          return
        }
        const config = resolveConfig({
          rules: {[rule.id]: example.options ? [rule.severity, example.options] : rule.severity}
        })
        const file = await lintText(example.source, {path: example.path, config})
        for (const message of file.messages) {
          if (message.source === 'docs-lint' && message.ruleId === rule.id) {
            expect(message.url).toBe(rule.url)
          }
        }
        expect(file.messages.map(formatMessage)).toEqual(example.messages)

        if (example.suggested !== undefined) {
          // Suggestions: the doc shows the page with each message's first suggestion; each one
          // applied mends its problem, and the page still parses.
          const chosen = file.messages.map((message) => ({ruleId: message.ruleId, fix: (message as MessageExtras).suggestions?.[0]?.edits}))
          const {output, applied} = applyFixes(example.source, chosen as never)
          expect(output).toBe(example.suggested)
          const after = await lintText(output, {path: example.path, config})
          expect(after.messages.filter((message) => message.ruleId === 'parse-error')).toEqual([])
          expect(after.messages.length).toBe(file.messages.length - applied)
        }
        if (rule.fixable !== true) return
        // Fixes: the doc shows the fixed page; fixing leaves nothing fixable, is idempotent, and the
        // fixed page still parses.
        const fixed = await fixText(example.source, example.path, config)
        if (example.fixed !== undefined) expect(fixed.output).toBe(example.fixed)
        expect(fixed.messages.filter((message) => (message as {fix?: unknown}).fix)).toEqual([])
        expect(fixed.messages.filter((message) => message.ruleId === 'parse-error')).toEqual([])
        const again = await fixText(fixed.output, example.path, config)
        expect(again.output).toBe(fixed.output)
        if (example.kind === 'ok') expect(fixed.output).toBe(example.source)
      })
    }
  })
}
