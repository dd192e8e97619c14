import fs from 'node:fs'
import path from 'node:path'
import {describe, expect, it} from 'vitest'
import {rules} from '../rules/index.js'
import {presets} from '../presets/index.js'
import {lint} from '../src/engine/index.js'
import {formatMessage} from './helpers/examples.js'
import {generatedFiles} from '../scripts/generate.mjs'

const repository = path.resolve(import.meta.dirname, '..')
const generated = generatedFiles(rules, presets)

describe('files generated from rule metadata (`npm run docs:rules` writes them)', () => {
  it.each([...generated.keys()])('%s is fresh', (relative) => {
    expect(fs.readFileSync(path.join(repository, relative), 'utf8'), 'run `npm run docs:rules` after changing a rule\'s metadata').toBe(generated.get(relative))
  })

  it('cover the rule info, the index, the navigation and every rule page', () => {
    expect(generated.get('src/shared/rule-info.generated.ts')).toMatch(/^\/\/ @generated /)
    expect([...generated.keys()].filter((relative) => relative.startsWith('docs/rules/')).length).toBe(rules.length + 1)
    const config = JSON.parse(generated.get('docs/docs.json')!) as {navigation: {groups: Array<{group: string; pages: string[]}>}}
    expect(config.navigation.groups.find((entry) => entry.group === 'Rules')!.pages).toEqual(['rules/index', ...[...rules].map((rule) => 'rules/' + rule.id).sort()])
  })

  it('include a config schema that validates the configs of the docs and their examples', async () => {
    const {Ajv} = await import('ajv')
    const validate = new Ajv({strict: false}).compile(JSON.parse(generated.get('schema/docs-lintrc.schema.json')!))
    const good = {extends: 'recommended', rules: {'sentence-length': ['info', {max: 40}], 'passive-voice': 'off'}, overrides: [{languages: ['ja'], rules: {'sentence-length': 'off'}}]}
    expect(validate(good), JSON.stringify(validate.errors)).toBe(true)
    expect(validate({rules: {'sentence-lenght': 'warn'}})).toBe(false)
    expect(validate({rules: {'sentence-length': ['warn', {maximum: 3}]}})).toBe(false)
    expect(validate({overrides: [{rules: {}}]})).toBe(false)
  })
})

describe('docs', () => {
  it('reports no problem on docs-lint\'s own documentation', async () => {
    const result = await lint({patterns: ['docs'], cwd: path.resolve(import.meta.dirname, '..')})
    expect(result.configErrors).toEqual([])
    const problems = result.files.flatMap((file) => file.messages.map((message) => file.path + ' ' + formatMessage(message) + ' ' + message.ruleId))
    expect(problems).toEqual([])
    expect(result.files.length).toBeGreaterThan(rules.length)
  })
})
