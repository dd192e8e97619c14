import {describe, expect, it} from 'vitest'
import {lint} from '../src/engine/index.js'
import {ConfigError, resolveConfig} from '../src/config/resolve.js'
import {baseLanguage, languageOfFolder} from '../src/shared/language.js'
import {tempSite} from './helpers/cli.js'

// A page's language decides which prose rules read it; overrides set rules per folder or language;
// Vale's and markdownlint's comments keep a migrating site's decisions.

const front = (title: string, extra = '') => '---\ntitle: ' + title + '\ndescription: A page of the site.\n' + extra + '---\n\n'
/** English that passive-voice and second-person report; the same words on a translated page are left alone. */
const englishProse = "Let's install the CLI. The key can be found in the dashboard.\n"
const docsJson = JSON.stringify({name: 'Site', theme: 'mint', colors: {primary: '#0D6B3E'}, navigation: {languages: [
  {language: 'en', groups: [{group: 'Start', pages: ['index']}]},
  {language: 'es', groups: [{group: 'Inicio', pages: ['es/index']}]}
]}})

async function rulesByPage(root: string, configPath?: string): Promise<Record<string, string[]>> {
  const result = await lint({patterns: ['.'], cwd: root, configPath})
  expect(result.configErrors).toEqual([])
  return Object.fromEntries(result.files.map((file) => [file.path, file.messages.map((m) => m.ruleId + ':' + m.line)]))
}

describe('page language', () => {
  it('reads language codes as the platform writes them', () => {
    expect(baseLanguage('pt-BR')).toBe('pt')
    expect(baseLanguage('zh-Hans')).toBe('zh')
    expect(baseLanguage('cn')).toBe('zh')
    expect(baseLanguage('jp')).toBe('ja')
    expect(baseLanguage('python')).toBeUndefined()
    expect(languageOfFolder('es/quickstart.mdx')).toBe('es')
    expect(languageOfFolder('zh-Hans/guide/index.mdx')).toBe('zh')
    expect(languageOfFolder('guides/es.mdx')).toBeUndefined()
    expect(languageOfFolder('api/index.mdx')).toBeUndefined()
  })

  it('English-only rules skip pages in a language folder, in front matter or set by an override', async () => {
    const root = tempSite({
      'docs.json': docsJson,
      'index.mdx': front('Home') + englishProse,
      'es/index.mdx': front('Inicio') + englishProse,
      'intl/page.mdx': front('Intl') + englishProse,
      'tagged.mdx': front('Tagged', 'lang: fr\n') + englishProse,
      '.docs-lintrc.json': JSON.stringify({extends: 'recommended', rules: {'orphan-pages': 'off', 'passive-voice': 'info', 'second-person': 'info'}, overrides: [{files: 'intl/**', language: 'de'}]})
    })
    const found = await rulesByPage(root)
    expect(found['index.mdx']).toEqual(['second-person:6', 'passive-voice:6'])
    expect(found['es/index.mdx']).toEqual([])
    expect(found['intl/page.mdx']).toEqual([])
    expect(found['tagged.mdx']).toEqual([])
  })

  it('a rule that leaves a language alone says so once per run, with the pages it left', async () => {
    const root = tempSite({
      'docs.json': docsJson,
      'index.mdx': front('Home') + englishProse,
      'ja/index.mdx': front('ホーム') + englishProse,
      'ja/guide.mdx': front('ガイド') + englishProse,
      'zh/index.mdx': front('首页') + englishProse,
      'es/index.mdx': front('Inicio') + 'El archivo puede ser encontrado en el panel.\n',
      '.docs-lintrc.json': JSON.stringify({extends: 'recommended', rules: {'orphan-pages': 'off', 'navigation': 'off', 'passive-voice': 'info', 'second-person': 'info'}})
    })
    const result = await lint({patterns: ['.'], cwd: root})
    const found = Object.fromEntries(result.files.map((file) => [file.path, file.messages.map((m) => m.ruleId + ':' + m.line)]))
    expect(found['ja/index.mdx']).toEqual([])
    expect(found['es/index.mdx']).toEqual(['passive-voice:6'])
    expect(result.notices).toEqual([
      'not checked: 2 pages in `ja` and 1 in `zh` by `passive-voice` and `second-person`, which read en, de, es, fr, pt only',
      'not checked: 1 page in `es`, 2 in `ja` and 1 in `zh` by `present-tense`, which reads en only'
    ])
  })

  it('a site whose default language is not English sets it in the config', async () => {
    const root = tempSite({
      'docs.json': docsJson,
      'index.mdx': front('Home') + englishProse,
      '.docs-lintrc.json': JSON.stringify({extends: 'recommended', language: 'es', rules: {'orphan-pages': 'off', 'second-person': 'info', 'code-block-language': 'warn'}})
    })
    expect((await rulesByPage(root))['index.mdx']).toEqual([])
  })
})

describe('overrides', () => {
  it('turn rules off, on or to another severity by glob and by language, page and site rules alike', async () => {
    const page = front('Page') + englishProse + '\n[Missing](/nowhere)\n'
    const root = tempSite({
      'docs.json': docsJson,
      'index.mdx': page,
      'legal/terms.mdx': page,
      'es/index.mdx': page,
      '.docs-lintrc.json': JSON.stringify({
        extends: 'recommended',
        rules: {'orphan-pages': 'off', 'passive-voice': 'info', 'second-person': 'info'},
        overrides: [
          {files: ['legal/**'], rules: {'passive-voice': 'off', 'broken-links': 'off'}},
          {languages: ['es'], rules: {'broken-links': 'warn'}}
        ]
      })
    })
    const result = await lint({patterns: ['.'], cwd: root})
    const byPath = Object.fromEntries(result.files.map((file) => [file.path, file.messages.map((m) => m.ruleId + ':' + String(m.fatal))]))
    expect(byPath['index.mdx']).toEqual(['second-person:undefined', 'passive-voice:undefined', 'broken-links:true'])
    expect(byPath['legal/terms.mdx']).toEqual([])
    expect(byPath['es/index.mdx']).toEqual(['broken-links:false'])
  })

  it('are checked when the config loads, naming the file and the mistake', () => {
    const bad = (overrides: unknown) => () => resolveConfig({extends: 'recommended', overrides} as never, {filePath: '/site/.docs-lintrc.json', cwd: '/site'})
    expect(bad({files: 'x'})).toThrow(/Invalid `overrides` in `.docs-lintrc.json`: expected a list/)
    expect(bad([{rules: {}}])).toThrow(/`overrides\[0\]` in `.docs-lintrc.json`: expected `files` or `languages`/)
    expect(bad([{files: '*.mdx', rules: {'passive-voise': 'off'}}])).toThrow(/Unknown rule `passive-voise`.*did you mean `passive-voice`/)
    expect(bad([{languages: ['english!']}])).toThrow(ConfigError)
    expect(bad([{files: 'a/**', flies: 'b'}])).toThrow(/Unknown key `flies` in `overrides\[0\]`/)
  })
})

describe('comments of other linters', () => {
  const page = [
    front('Page'),
    "{/* vale off */}\n\nLet's install the CLI.\n\n{/* vale on */}\n\nLet's run it.\n\n",
    '{/* markdownlint-disable-next-line MD040 */}\n```\nnpm test\n```\n\n```\nnpm test\n```\n'
  ].join('')

  it('vale off and markdownlint-disable turn off the rules that check the same things', async () => {
    const root = tempSite({'docs.json': docsJson, 'index.mdx': page, '.docs-lintrc.json': JSON.stringify({extends: 'recommended', rules: {'orphan-pages': 'off', 'second-person': 'info', 'code-block-language': 'warn'}})})
    expect((await rulesByPage(root))['index.mdx']).toEqual(['second-person:12', 'code-block-language:19'])
  })

  it('are ignored with "thirdPartyDirectives": false', async () => {
    const root = tempSite({
      'docs.json': docsJson,
      'index.mdx': page,
      '.docs-lintrc.json': JSON.stringify({extends: 'recommended', thirdPartyDirectives: false, rules: {'orphan-pages': 'off', 'second-person': 'info', 'code-block-language': 'warn'}})
    })
    expect((await rulesByPage(root))['index.mdx']).toEqual(['second-person:8', 'second-person:12', 'code-block-language:15', 'code-block-language:19'])
  })

  it('markdownlint-disable without rule names covers the prose rules, and HTML comments work in .md pages', async () => {
    const md = front('Page') + "<!-- markdownlint-disable -->\nLet's install it.\n<!-- markdownlint-enable -->\n\nLet's run it.\n"
    const root = tempSite({'docs.json': docsJson, 'index.md': md, '.docs-lintrc.json': JSON.stringify({extends: 'recommended', rules: {'orphan-pages': 'off', 'second-person': 'info', 'code-block-language': 'warn'}})})
    expect((await rulesByPage(root))['index.md']).toEqual(['second-person:10'])
  })
})
