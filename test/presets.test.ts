import {describe, expect, it} from 'vitest'
import {presets} from '../presets/index.js'
import {resolveConfig, resolveRuleSetting} from '../src/config/resolve.js'

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
})
