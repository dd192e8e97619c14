import fs from 'node:fs'
import path from 'node:path'
import type {MadgeResult} from 'madge'
import {describe, expect, it} from 'vitest'
import {builtinMessageIds} from '../src/page/messages.js'

const root = path.resolve(import.meta.dirname, '..')

/** The import graph of the shipped code, type imports included (they are how a reader learns the layers). */
async function importGraph(): Promise<MadgeResult> {
  const madge = (await import('madge')).default
  return madge(['src', 'rules', 'presets'].map((folder) => path.join(root, folder)), {
    baseDir: root,
    fileExtensions: ['ts'],
    tsConfig: path.join(root, 'tsconfig.json'),
    detectiveOptions: {ts: {skipTypeImports: false}, tsx: {skipTypeImports: false}}
  })
}

describe('the layers', () => {
  it('import no module that imports them back, type imports counted', async () => {
    const graph = await importGraph()
    // The graph is read at all: the engine reaches the processor, a rule its shared helpers.
    expect(graph.obj()['src/linter/processor.ts']).toContain('src/rule.ts')
    expect(graph.obj()['src/rule.ts']).toContain('src/contract.ts')
    expect(graph.circular()).toEqual([])
  }, 60_000)

  it('keep the site model under the rules: src/site/ imports no rule and nothing that runs rules', async () => {
    const graph = (await importGraph()).obj()
    const above = (target: string) => target.startsWith('rules/') || target.startsWith('src/engine/') || ['src/linter/processor.ts', 'src/rule.ts', 'src/engine/cache.ts', 'src/linter/secrets.ts', 'src/page/redact.ts'].includes(target)
    const site = Object.keys(graph).filter((file) => file.startsWith('src/site/'))
    expect(site.length).toBeGreaterThan(5)
    // Rules read the model (a link resolves, a page's anchors), so the model must not read them back.
    expect(Object.keys(graph).filter((file) => file.startsWith('rules/')).some((file) => graph[file]!.some((target) => target.startsWith('src/site/')))).toBe(true)
    expect(site.flatMap((file) => graph[file]!.filter(above).map((target) => file + ' -> ' + target))).toEqual([])
  }, 60_000)
})

/**
 * The stages, lowest first (docs/architecture.mdx draws them): a file imports only from its own stage
 * and the stages below it. A folder of src/ is one part; a file directly in src/ is a part of its own.
 */
const stages: ReadonlyArray<readonly string[]> = [
  ['contract', 'shared'],
  ['config', 'presets'],
  ['page'],
  ['site', 'platform', 'styles'],
  ['rule'],
  ['rules'],
  ['linter'],
  ['engine', 'fix', 'reporters'],
  ['cli', 'server', 'conventions', 'init', 'llms', 'playground', 'testing', 'index', 'bundle-entry', 'bundle-loader']
]

function partOf(file: string): string {
  if (file.startsWith('rules/') || file.startsWith('presets/')) return file.split('/')[0]!
  const inFolder = /^src\/([^/]+)\//.exec(file)
  return inFolder ? inFolder[1]! : file.replace(/^src\//, '').replace(/\.ts$/, '')
}

describe('the stages', () => {
  it('are folders, each in one stage, and no import runs from a lower stage to a higher one', async () => {
    const graph = (await importGraph()).obj()
    const stageOf = new Map(stages.flatMap((parts, level) => parts.map((part) => [part, level] as const)))
    const parts = new Set(Object.keys(graph).map(partOf))
    expect([...parts].filter((part) => !stageOf.has(part))).toEqual([])
    const upward = Object.entries(graph).flatMap(([file, imports]) =>
      imports.filter((target) => stageOf.get(partOf(target))! > stageOf.get(partOf(file))!).map((target) => file + ' -> ' + target))
    expect(upward).toEqual([])
    // Few files sit directly in src/: the library's face, the bundle's entry, the two vocabularies.
    expect(Object.keys(graph).filter((file) => /^src\/[^/]+\.ts$/.test(file)).sort()).toEqual(['src/bundle-entry.ts', 'src/bundle-loader.ts', 'src/contract.ts', 'src/index.ts', 'src/rule.ts'])
  }, 60_000)
})

describe('rules', () => {
  it('import no other rule: only their own data, rules/shared/ and src/', async () => {
    const graph = (await importGraph()).obj()
    const crossings = Object.entries(graph).flatMap(([file, imports]) => {
      if (!/^rules\/[^/]+\.ts$/.test(file) || file === 'rules/index.ts') return []
      const own = file.replace(/\.ts$/, '.data.ts')
      return imports.filter((target) => target.startsWith('rules/') && !target.startsWith('rules/shared/') && target !== own).map((target) => file + ' -> ' + target)
    })
    expect(Object.keys(graph).filter((file) => file.startsWith('rules/shared/')).length).toBeGreaterThan(3)
    expect(crossings).toEqual([])
  }, 60_000)

  it('are named by id in core code only through their metadata', () => {
    const core = fs.readdirSync(path.join(root, 'src'), {recursive: true, encoding: 'utf8'})
      .filter((name) => name.endsWith('.ts') && !name.endsWith('.generated.ts'))
    const naming = core.filter((name) => /'(?:no-secrets|broken-links)'/.test(fs.readFileSync(path.join(root, 'src', name), 'utf8')))
    expect(naming).toEqual([])
  })
})

describe('built-in messages', () => {
  it('each have a section in docs/messages.mdx, and every section is one of them', () => {
    const text = fs.readFileSync(path.join(root, 'docs/messages.mdx'), 'utf8')
    const sections = [...text.matchAll(/^## (\S+)$/gm)].map((match) => match[1]!)
    expect([...builtinMessageIds].sort()).toEqual(sections.sort())
  })

  it('build their docs link in one place', () => {
    const sources = ['src', 'rules'].flatMap((folder) =>
      fs.readdirSync(path.join(root, folder), {recursive: true, encoding: 'utf8'})
        .filter((name) => name.endsWith('.ts'))
        .map((name) => path.join(folder, name))
    )
    const building = sources.filter((file) => fs.readFileSync(path.join(root, file), 'utf8').includes("MESSAGES_URL + '#'"))
    expect(building).toEqual([path.join('src', 'page', 'messages.ts')])
  })
})

describe('unified-engine', () => {
  it('is the version whose internals src/engine/unified-engine-shims.ts was checked against', async () => {
    const {checkedUnifiedEngineVersion} = await import('../src/engine/unified-engine-shims.js')
    const installed = JSON.parse(fs.readFileSync(path.join(root, 'node_modules/unified-engine/package.json'), 'utf8')) as {version: string}
    expect(installed.version, 'check every shim in src/engine/unified-engine-shims.ts against the new version, then update the version there').toBe(checkedUnifiedEngineVersion)
  })
})

describe('files', () => {
  it('in src/ and rules/ are under 400 lines each', () => {
    const files = ['src', 'rules'].flatMap((folder) => fs.readdirSync(path.join(root, folder), {recursive: true, encoding: 'utf8'}).filter((name) => name.endsWith('.ts')).map((name) => folder + '/' + name))
    expect(files.length).toBeGreaterThan(100)
    const long = files.flatMap((file) => {
      const lines = fs.readFileSync(path.join(root, file), 'utf8').split('\n').length - 1
      return lines > 400 ? [file + ': ' + lines] : []
    })
    expect(long).toEqual([])
  })

  it('in src/ and rules/ have no function over 120 lines', async () => {
    const ts = (await import('typescript')).default
    const long: string[] = []
    for (const file of ['src', 'rules'].flatMap((folder) => fs.readdirSync(path.join(root, folder), {recursive: true, encoding: 'utf8'}).filter((name) => name.endsWith('.ts')).map((name) => folder + '/' + name))) {
      const source = ts.createSourceFile(file, fs.readFileSync(path.join(root, file), 'utf8'), ts.ScriptTarget.Latest, true)
      const visit = (node: import('typescript').Node): void => {
        if (ts.isFunctionLike(node) && 'body' in node && node.body) {
          const lines = source.getLineAndCharacterOfPosition(node.getEnd()).line - source.getLineAndCharacterOfPosition(node.getStart()).line + 1
          if (lines > 120) long.push(file + ':' + (source.getLineAndCharacterOfPosition(node.getStart()).line + 1) + ' ' + lines + ' lines')
        }
        ts.forEachChild(node, visit)
      }
      visit(source)
    }
    expect(long).toEqual([])
  })
})
