import {describe, expect, it} from 'vitest'
import {lintText} from '../src/index.js'
import {messageToJson} from '../src/reporters/json.js'
import {examplePage} from '../src/playground/app.js'
import {lintPage, playgroundConfig, siteRules} from '../src/playground/lint.js'

describe('playground', () => {
  it('finds on a page what the command line finds there, but for the site rules', async () => {
    const result = await lintPage(examplePage)
    const cli = await lintText(examplePage, {path: 'page.mdx', config: {extends: 'recommended'}})
    const site = new Set(siteRules.map((rule) => rule.id))
    expect(result.messages).toEqual(cli.messages.filter((message) => !site.has(message.ruleId ?? '')).map((message) => messageToJson(message)))
    expect(result.messages.map((message) => message.ruleId)).toEqual(['front-matter', 'heading-levels', 'link-text', 'image-alt', 'frame-images', 'code-block-language'])
  })

  it('turns the site rules off and lists them', () => {
    expect(siteRules.map((rule) => rule.id)).toEqual(expect.arrayContaining(['broken-links', 'navigation', 'orphan-pages']))
    const config = playgroundConfig('all')
    for (const rule of siteRules) expect(config.rules.has(rule.id)).toBe(false)
  })

  it('gives the fixed page and its diff, and nothing when no fix applies', async () => {
    const result = await lintPage('---\ntitle: A\ndescription: A.\n---\n\n# A\n\nText.\n')
    expect(result.fixed).toBe('---\ntitle: A\ndescription: A.\n---\n\nText.\n')
    expect(result.diff).toContain('-# A')
    const clean = await lintPage('---\ntitle: A\ndescription: A.\n---\n\nText.\n')
    expect(clean).toEqual({messages: [], fixed: '', diff: ''})
  })
})
