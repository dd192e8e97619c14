import {describe, expect, it, vi} from 'vitest'

// A bug in collecting a page's site facts must not escape: it becomes one message on the page.
vi.mock('../src/site/facts.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../src/site/facts.js')>()
  return {
    ...original,
    collectSiteFacts: () => {
      throw new Error('facts exploded')
    }
  }
})

const {lintText} = await import('../src/index.js')

describe('a failure while collecting site facts', () => {
  it('is a rule-error message on the page, and the page is still linted', async () => {
    const file = await lintText('---\ntitle: Install\n---\n\n# Install\n', {path: 'install.mdx'})
    const messages = file.messages.map((message) => [message.ruleId, message.reason])
    expect(messages).toContainEqual(['rule-error', 'Cannot collect the links and headings of this page for the site checks: facts exploded'])
    expect(messages.map(([ruleId]) => ruleId)).toContain('heading-levels')
  })
})
