import {describe, expect, it} from 'vitest'
import {presets} from '../presets/index.js'
import {resolveConfig, resolveRuleSetting} from '../src/config/resolve.js'
import {lint} from '../src/engine/index.js'
import {tempSite} from './helpers/cli.js'

// A built-in preset's options are not validated when a run resolves it (validation compiles code,
// which the playground's content security policy forbids): this is where they are checked.
describe('built-in presets', () => {
  for (const [name, preset] of Object.entries(presets)) {
    it(`${name}: every rule setting is valid for its rule`, () => {
      for (const [ruleId, setting] of Object.entries(preset.rules ?? {})) {
        expect(() => resolveRuleSetting(ruleId, setting), ruleId).not.toThrow()
      }
    })
  }

  it('recommended runs present-tense on pages that speak of themselves only', () => {
    const config = resolveConfig({extends: 'recommended'})
    expect(config.rules.get('present-tense')).toEqual({severity: 'warn', options: {scope: 'guides'}})
    expect(resolveConfig({extends: 'strict'}).rules.get('present-tense')).toEqual({severity: 'error', options: undefined})
  })

  it('a config that repeats a preset rule with wrong options is still refused', () => {
    expect(() => resolveConfig({extends: 'recommended', rules: {'present-tense': ['warn', {scope: 'pages'}]}}))
      .toThrow('Invalid options for rule `present-tense`: option `scope` is `"pages"`, expected one of `all`, `guides`')
  })

  it('a severity alone keeps the options a preset gave the rule, as in ESLint; options replace them', async () => {
    const page = '---\ntitle: Deploy\ndescription: Deploy the app.\n---\n\nThis guide will walk you through a deploy.\n\nThe API will return a list.\n'
    const found = async (config: object, file = 'guides/deploy.mdx') => {
      const root = tempSite({[file]: page, '.docs-lintrc.json': JSON.stringify(config)})
      const result = await lint({patterns: ['.'], cwd: root})
      expect(result.configErrors).toEqual([])
      return result.files.flatMap((entry) => entry.messages.filter((message) => message.ruleId === 'present-tense').map((message) => (message.fatal === true ? 'error' : message.fatal === false ? 'warn' : 'info') + ':' + message.line))
    }
    // Raised to an error, the rule still reads only the page that speaks of itself.
    expect(await found({extends: 'recommended', rules: {'present-tense': 'error'}})).toEqual(['error:6'])
    expect(await found({extends: 'recommended', rules: {'present-tense': ['error']}})).toEqual(['error:6'])
    expect(await found({extends: 'recommended', overrides: [{files: 'guides/**', rules: {'present-tense': 'error'}}]})).toEqual(['error:6'])
    // Off for the site, on again for a folder: still the preset's scope.
    expect(await found({extends: 'recommended', rules: {'present-tense': 'off'}, overrides: [{files: 'guides/**', rules: {'present-tense': 'warn'}}]})).toEqual(['warn:6'])
    // Between two overrides of one page, a severity alone keeps the options of the override before it;
    // where only the later override applies, the options of the config, which turns the rule off.
    const chain = {extends: 'recommended', rules: {'present-tense': 'off'}, overrides: [
      {files: 'guides/**', rules: {'present-tense': ['warn', {scope: 'all'}]}}, {files: '**/deploy.mdx', rules: {'present-tense': 'error'}}]}
    expect(await found(chain)).toEqual(['error:6', 'error:8'])
    expect(await found(chain, 'tutorials/deploy.mdx')).toEqual(['error:6'])
    // Options of its own replace the preset's.
    expect(await found({extends: 'recommended', rules: {'present-tense': ['error', {scope: 'all'}]}})).toEqual(['error:6', 'error:8'])
    expect(resolveConfig({extends: 'recommended'}, {overrides: {'present-tense': 'info'}}).rules.get('present-tense')).toEqual({severity: 'info', options: {scope: 'guides'}})
  })
})

