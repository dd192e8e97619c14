import fs from 'node:fs'
import path from 'node:path'
import {describe, expect, it} from 'vitest'
import {rules} from '../rules/index.js'
import {presets} from '../presets/index.js'
import {lint} from '../src/engine.js'
import {formatMessage} from './helpers/examples.js'

// `npm run docs:rules` regenerates the rules index, the Rules navigation group and
// `src/rule-info.generated.ts` from rule metadata.
const update = process.env['UPDATE_DOCS'] === '1'
const docsRoot = path.resolve(import.meta.dirname, '../docs')

function rulesIndex(): string {
  const recommended = presets.recommended.rules ?? {}
  const rows = [...rules]
    .sort((a, b) => a.id.localeCompare(b.id))
    .map((rule) => {
      const fixable = rule.fixable === true ? 'Yes' : rule.fixable === 'suggestion' ? 'Suggestions' : 'No'
      const inRecommended = Object.hasOwn(recommended, rule.id) ? 'Yes' : 'No'
      return `| [${rule.id}](/rules/${rule.id}) | ${rule.summary.replace(/\|/g, '\\|')} | \`${rule.severity}\` | ${inRecommended} | ${fixable} |`
    })
  return `---
title: Rules
description: Every docs-lint rule, its default severity, whether the recommended preset turns it on, and whether it fixes problems.
---

{/* Generated from rule metadata by \`npm run docs:rules\`; edit the rules, not this table. */}

| Rule | Checks | Severity | Recommended | Fixes |
| --- | --- | --- | --- | --- |
${rows.join('\n')}
`
}

/** What `src/rule-info.ts` serves: each rule's metadata, without the code that checks pages. */
function ruleInfoSource(): string {
  const infos = rules.map((rule) => ({
    id: rule.id,
    severity: rule.severity,
    summary: rule.summary,
    fixable: rule.fixable,
    ...(rule.options === undefined ? {} : {options: rule.options}),
    url: rule.url,
    site: rule.site !== undefined
  }))
  return `// Generated from each rule's \`defineRule\` call by \`npm run docs:rules\`; edit the rules, not this file.
import type {RuleInfo} from './contract.js'

export const ruleInfos: RuleInfo[] = ${JSON.stringify(infos, undefined, 2)}
`
}

/** The JSON Schema of `.docs-lintrc*` files, for editors (`$schema`): every key, rule, severity and option. */
function configSchema(): string {
  const severity = {enum: ['off', 'info', 'warn', 'warning', 'error', 0, 1, 2]}
  const ruleSetting = (rule: (typeof rules)[number]) => ({
    description: rule.summary + ' (' + rule.url + ')',
    anyOf: [severity, {type: 'array', minItems: 1, maxItems: 2, items: [severity, rule.options ?? {type: 'object', maxProperties: 0}]}]
  })
  const ruleSettings = {
    type: 'object',
    properties: Object.fromEntries([...rules].sort((a, b) => a.id.localeCompare(b.id)).map((rule) => [rule.id, ruleSetting(rule)])),
    additionalProperties: false
  }
  const language = {type: 'string', pattern: '^[A-Za-z]{2,3}([-_][A-Za-z0-9]+)*$'}
  const schema = {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: 'https://docs-lint.dev/schema/docs-lintrc.schema.json',
    title: 'docs-lint configuration',
    description: 'Generated from rule metadata by `npm run docs:rules`. See https://docs-lint.dev/configuration',
    type: 'object',
    properties: {
      $schema: {type: 'string'},
      extends: {anyOf: [{type: 'string'}, {type: 'array', items: {type: 'string'}}], description: 'Presets (recommended, strict, all) or relative paths of other config files.'},
      rules: ruleSettings,
      components: {type: 'array', items: {type: 'string'}, description: 'Components the site defines itself.'},
      language: {...language, description: 'The language of pages that declare none and sit in no language folder (default en).'},
      overrides: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            files: {anyOf: [{type: 'string'}, {type: 'array', items: {type: 'string'}, minItems: 1}]},
            languages: {type: 'array', items: language, minItems: 1},
            language,
            rules: ruleSettings
          },
          anyOf: [{required: ['files']}, {required: ['languages']}],
          additionalProperties: false
        }
      },
      thirdPartyDirectives: {type: 'boolean', description: "Honour Vale's and markdownlint's comments (default true)."},
      reportUnusedDisableDirectives: {type: 'boolean', description: 'Warn about docs-lint comments that turn nothing off (default false).'}
    },
    additionalProperties: false
  }
  return JSON.stringify(schema, undefined, 2) + '\n'
}

describe('rule metadata', () => {
  it('is the same in schema/docs-lintrc.schema.json, which validates the configs of the docs and their examples', async () => {
    const file = path.resolve(import.meta.dirname, '../schema/docs-lintrc.schema.json')
    const expected = configSchema()
    if (update) fs.writeFileSync(file, expected)
    expect(fs.readFileSync(file, 'utf8'), 'run `npm run docs:rules` after changing a rule\'s metadata').toBe(expected)
    const {Ajv} = await import('ajv')
    const validate = new Ajv({strict: false}).compile(JSON.parse(expected))
    const good = {extends: 'recommended', rules: {'sentence-length': ['info', {max: 40}], 'passive-voice': 'off'}, overrides: [{languages: ['ja'], rules: {'sentence-length': 'off'}}]}
    expect(validate(good), JSON.stringify(validate.errors)).toBe(true)
    expect(validate({rules: {'sentence-lenght': 'warn'}})).toBe(false)
    expect(validate({rules: {'sentence-length': ['warn', {maximum: 3}]}})).toBe(false)
    expect(validate({overrides: [{rules: {}}]})).toBe(false)
  })


  it('is the same in src/rule-info.generated.ts as in the rules', () => {
    const file = path.resolve(import.meta.dirname, '../src/rule-info.generated.ts')
    const expected = ruleInfoSource()
    if (update) fs.writeFileSync(file, expected)
    expect(fs.readFileSync(file, 'utf8'), 'run `npm run docs:rules` after changing a rule\'s metadata').toBe(expected)
  })
})

describe('docs', () => {
  it('lists every rule in docs/rules/index.mdx', () => {
    const file = path.join(docsRoot, 'rules/index.mdx')
    const expected = rulesIndex()
    if (update) fs.writeFileSync(file, expected)
    expect(fs.readFileSync(file, 'utf8')).toBe(expected)
  })

  it('puts every rule page in the navigation of docs.json', () => {
    const file = path.join(docsRoot, 'docs.json')
    const config = JSON.parse(fs.readFileSync(file, 'utf8')) as {navigation: Array<{group: string; pages: string[]}>}
    const group = config.navigation.find((entry) => entry.group === 'Rules')!
    const expected = ['rules/index', ...[...rules].map((rule) => 'rules/' + rule.id).sort()]
    if (update) {
      group.pages = expected
      fs.writeFileSync(file, JSON.stringify(config, undefined, 2) + '\n')
    }
    expect(group.pages).toEqual(expected)
  })

  it('reports no problem on docs-lint\'s own documentation', async () => {
    const result = await lint({patterns: ['docs'], cwd: path.resolve(import.meta.dirname, '..')})
    expect(result.configErrors).toEqual([])
    const problems = result.files.flatMap((file) => file.messages.map((message) => file.path + ' ' + formatMessage(message) + ' ' + message.ruleId))
    expect(problems).toEqual([])
    expect(result.files.length).toBeGreaterThan(rules.length)
  })
})
