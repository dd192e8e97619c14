import fs from 'node:fs'
import path from 'node:path'
import {describe, expect, it} from 'vitest'
import {goodPage, runCli, tempSite} from './helpers/cli.js'

// `docs-lint init`, as a team starts: a config for the site it finds, and what to do next.

describe('docs-lint init', () => {
  it('writes a config for the site in a subfolder, names its Vale config and rule files, and suggests ignoring the cache', async () => {
    const root = tempSite({
      'docs/docs.json': '{"name": "A", "theme": "mint", "colors": {"primary": "#000"}, "navigation": {"pages": ["index"]}}',
      'docs/index.mdx': goodPage,
      'docs/.vale.ini': 'StylesPath = styles\n',
      'AGENTS.md': '- Use active voice.\n',
      '.gitignore': 'node_modules\n'
    })
    const run = await runCli(['init'], root)
    expect(run).toEqual({
      code: 0,
      stderr: '',
      stdout: [
        'Wrote `.docs-lintrc.json`: the recommended preset.',
        '  Site: `docs/docs.json`.',
        '  Vale styles: docs-lint runs the styles `docs/.vale.ini` names, on the MDX tree.',
        '  Rule files: `AGENTS.md`. See which of their lines docs-lint checks: `docs-lint conventions`.',
        '  With `--cache`, add `.docs-lint-cache` to `.gitignore`.',
        'Next: `npx docs-lint`',
        ''
      ].join('\n')
    })
    expect(JSON.parse(fs.readFileSync(path.join(root, '.docs-lintrc.json'), 'utf8'))).toEqual({extends: 'recommended'})
    // The config it wrote is one docs-lint runs with.
    const lint = await runCli(['docs'], root)
    expect(lint).toMatchObject({code: 0, stderr: ''})
  })

  it('says when there is no site config, and names the older mint.json', async () => {
    expect((await runCli(['init'], tempSite({'index.mdx': goodPage, '.gitignore': '.docs-lint-cache/\n'}))).stdout).toBe(
      'Wrote `.docs-lintrc.json`: the recommended preset.\n  No docs.json or mint.json here: the site checks (navigation, orphan pages, links) need one.\nNext: `npx docs-lint`\n'
    )
    const older = await runCli(['init', 'site'], tempSite({'site/mint.json': '{}', 'site/index.mdx': goodPage}))
    expect(older.stdout).toContain('  Site: `site/mint.json` (the older shape, which the platform upgrades to docs.json).\n')
    expect(older.stdout).toContain('Wrote `site/.docs-lintrc.json`')
  })

  it('never replaces a config, and refuses a folder that does not exist, with a clear message', async () => {
    const root = tempSite({'index.mdx': goodPage, '.docs-lintrc.yaml': 'extends: strict\n'})
    expect(await runCli(['init'], root)).toEqual({
      code: 1,
      stdout: '',
      stderr: 'docs-lint init: `.docs-lintrc.yaml` configures docs-lint here already; edit it, or see its settings with `docs-lint --print-config <page>`\n'
    })
    expect(fs.readFileSync(path.join(root, '.docs-lintrc.yaml'), 'utf8')).toBe('extends: strict\n')
    expect(fs.existsSync(path.join(root, '.docs-lintrc.json'))).toBe(false)
    const manifest = tempSite({'index.mdx': goodPage, 'package.json': '{"name": "x", "docs-lint": {"extends": "strict"}}'})
    expect((await runCli(['init'], manifest)).stderr).toContain('`package.json` configures docs-lint here already')
    expect(await runCli(['init', 'missing'], root)).toEqual({code: 2, stdout: '', stderr: 'docs-lint init: no folder `missing`\n'})
    expect((await runCli(['init', '--force'], root)).code).toBe(2)
  })
})
