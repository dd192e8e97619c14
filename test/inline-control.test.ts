import {describe, expect, it} from 'vitest'
import {lintText} from '../src/index.js'
import {resolveConfig} from '../src/config/resolve.js'

// docs-lint comments as users of ESLint and markdownlint write them; a mistake in one comment never
// stops the others from working.

const config = resolveConfig({extends: [], rules: {'heading-levels': 'error', 'second-person': 'warn'}})
const unused = resolveConfig({extends: [], rules: {'heading-levels': 'error', 'second-person': 'warn'}, reportUnusedDisableDirectives: true})
const front = '---\ntitle: A\ndescription: B\n---\n\n'

async function found(body: string, path = 'page.mdx', withConfig = config): Promise<string[]> {
  const file = await lintText(front + body, {path, config: withConfig})
  return file.messages.map((message) => message.line + ' ' + message.ruleId)
}

describe('docs-lint comments', () => {
  it('disable-next-line and disable-line, in MDX and HTML comments', async () => {
    expect(await found("{/* docs-lint disable-next-line heading-levels */}\n# One\n\n# Two\n")).toEqual(['9 heading-levels'])
    expect(await found("# One {/* docs-lint disable-line */}\n\n# Two\n")).toEqual(['8 heading-levels'])
    expect(await found('<!-- docs-lint disable-next-line -->\n# One\n\n# Two\n', 'page.md')).toEqual(['9 heading-levels'])
  })

  it('the hyphenated spelling of ESLint users: docs-lint-disable-next-line, docs-lint-disable … docs-lint-enable', async () => {
    expect(await found("{/* docs-lint-disable-next-line heading-levels */}\n# One\n\n# Two\n")).toEqual(['9 heading-levels'])
    expect(await found('<!-- docs-lint-disable heading-levels -->\n# One\n<!-- docs-lint-enable heading-levels -->\n# Two\n', 'page.md')).toEqual(['9 heading-levels'])
  })

  it('a description after ` -- `, as in ESLint, is no rule name', async () => {
    expect(await found("{/* docs-lint disable-next-line heading-levels -- the title of a quoted page */}\n# One\n\n# Two\n")).toEqual(['9 heading-levels'])
    expect(await found('<!-- docs-lint disable-line -- generated -->\n# One\n', 'page.md')).toEqual(['7 heading-levels'])
    expect(await found("{/* docs-lint disable-next-line -- every rule, for a reason */}\n# One\n\n# Two\n")).toEqual(['9 heading-levels'])
  })

  it('disable … enable and ignore by rule, leaving other rules on', async () => {
    const body = "{/* docs-lint disable heading-levels */}\n\n# One\n\nLet's go.\n\n{/* docs-lint enable heading-levels */}\n\n# Two\n\n{/* docs-lint ignore */}\n# Three\n"
    expect(await found(body)).toEqual(['10 second-person', '14 heading-levels'])
  })

  it('an unknown keyword or rule is reported on its comment, and every other comment still works', async () => {
    const body = [
      '{/* docs-lint disable-nextline heading-levels */}',
      '# One',
      '',
      '{/* docs-lint disable-next-line heading-level, heading-levels */}',
      '# Two',
      '',
      '{/* docs-lint disable-next-line heading-levels */}',
      '# Three',
      ''
    ].join('\n')
    expect(await found(body)).toEqual(['6 inline-config', '7 heading-levels', '9 inline-config'])
    const file = await lintText(front + body, {config})
    expect(file.messages.map((message) => message.reason)).toEqual([
      'Unknown keyword `disable-nextline` in a docs-lint comment, did you mean `disable-next-line`?',
      'Unexpected heading level `1`, expected `2`: the page title comes from front matter',
      'Unknown rule `heading-level` in `disable-next-line` comment: it is not a docs-lint rule, did you mean `heading-levels`?'
    ])
  })

  it('with reportUnusedDisableDirectives, a comment that turns nothing off is a warning', async () => {
    const body = "{/* docs-lint disable-next-line heading-levels */}\n## Fine\n\n{/* docs-lint disable-next-line */}\n# Used\n\n{/* docs-lint disable-next-line broken-links */}\n[a](/a)\n"
    expect(await found(body, 'page.mdx', unused)).toEqual(['6 inline-config'])
    expect(await found(body)).toEqual([])
  })
})
