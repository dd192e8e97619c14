// example-imports: a Python, JavaScript or TypeScript example that uses a well-known module or symbol
// (`aiohttp`, pydantic's `Field`, zod's `z`) imports it. Only the names of the data table are looked
// at, and a name any block of the same language on the page binds (examples continue across blocks)
// is never reported. Which names a block uses and binds is rules/shared/code-names.ts.
import type {Code} from 'mdast'
import {visit} from '../src/shared/walk.js'
import type {Root} from 'mdast'
import {defineRule, ruleFactsOf, type RuleFact} from '../src/rule.js'
import type {Page} from '../src/page/page.js'
import {codePoint} from './shared/positions.js'
import {firstMark, isNotCode, withoutAnnotations} from './shared/code-fragments.js'
import {declaresModelsOnly, pythonBlockNames, scriptBlockNames, type BlockNames, type NameUse} from './shared/code-names.js'
import {browserGlobals, importLanguages, jsxLanguages, maxForeignNames, pythonBuiltins, pythonNames, scriptNames, type ImportFamily, type KnownName} from './example-imports.data.js'

/** The names each family has without an import: Python's built-ins, the runtime's and the browser's globals. */
const builtins = {python: new Set(pythonBuiltins), script: new Set([...Object.getOwnPropertyNames(globalThis), ...browserGlobals])}

/** Blocks longer than this are not read: generated data, not an example a reader types. */
const maxBlockLength = 50_000

interface ReadBlock {
  node: Code
  language: string
  family: ImportFamily
  names: BlockNames
  /** Whether the block is an example whose uses are reported, not a fragment. */
  whole: boolean
}

const id = 'example-imports'

/**
 * What a page tells the site of its examples: each name an import of its binds, with the import
 * (`from pipecat.workers.runner import WorkerRunner`), and each name a whole example that shows its
 * imports uses without binding it, which another page's import may name.
 */
interface ImportFact extends RuleFact {
  kind: 'import' | 'use'
  family: ImportFamily
  name: string
  /** `import`: the import, as one line; `use` of a name of the table: the import it needs. */
  line?: string
  /** `use`: the block, by its order on the page, and the other names it uses unbound. */
  block?: number
  unbound?: string[]
}

interface Options {
  /** Learn the imports the site's own pages write, and report names they import (site check). */
  siteImports: boolean
}

export default defineRule<Options>({
  id,
  severity: 'warn',
  summary: 'Python, JavaScript and TypeScript examples import the well-known modules and symbols they use',
  fixable: false,
  conventions: [{id: 'runnable-examples', coverage: 'partial'}],
  options: {
    type: 'object',
    properties: {siteImports: {type: 'boolean'}},
    additionalProperties: false
  },
  defaults: {siteImports: false},
  pageFacts(options) {
    return (tree, page) => (!options.siteImports || page.isSnippet ? undefined : importFacts(tree, page))
  },
  site(options) {
    return function (site, context) {
      if (!options.siteImports) return
      // The import of each name, as the site's pages write it (the most common, when they differ).
      // Counted in pages: an import two pages or more write is the package's, not one example's own module.
      const lines = new Map<string, Map<string, number>>()
      for (const page of site.linted) {
        const seen = new Set<string>()
        for (const fact of ruleFactsOf<ImportFact>(page, id)) {
          const key = fact.family + ' ' + fact.name
          if (fact.kind !== 'import' || seen.has(key + ' ' + fact.line)) continue
          seen.add(key + ' ' + fact.line)
          const counts = lines.get(key) ?? new Map<string, number>()
          counts.set(fact.line!, (counts.get(fact.line!) ?? 0) + 1)
          lines.set(key, counts)
        }
      }
      // A name the site imports from several modules is told only when one import is two thirds of them.
      const importOf = (family: ImportFamily, name: string): string | undefined => {
        const counts = lines.get(family + ' ' + name)
        if (!counts) return undefined
        const [line, count] = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]!
        const total = [...counts.values()].reduce((sum, value) => sum + value, 0)
        return count >= 2 && count * 3 >= total * 2 ? line : undefined
      }
      for (const page of site.linted) {
        const reported = new Set<string>()
        for (const fact of ruleFactsOf<ImportFact>(page, id)) {
          if (fact.kind !== 'use' || fact.disabled || reported.has(fact.name)) continue
          const line = fact.line ?? importOf(fact.family, fact.name)
          // A block that also uses a name no page imports is an excerpt of a larger program.
          if (!line || fact.unbound!.some((other) => !importOf(fact.family, other))) continue
          reported.add(fact.name)
          context.report({
            file: page.file!,
            message: 'Unexpected `' + fact.name + '` without an import, expected `' + line + '` in the example' + (fact.line ? '' : ', as the site imports it'),
            place: fact.place,
            actual: fact.name,
            expected: line
          })
        }
      }
    }
  },
  create() {
    return function (tree, {page, report}) {
      // A snippet is read in the pages that import it, after their own blocks: its imports may be there.
      if (page.isSnippet) return
      const blocks = readBlocks(tree)
      for (const {block, use, expected} of tableUses(blocks, boundNames(blocks))) {
        const start = codePoint(block.node, page, use.offset)
        const end = codePoint(block.node, page, use.offset + use.name.length)
        const message = 'Unexpected `' + use.name + '` without an import, expected `' + expected + '` in the example'
        if (start && end) report({message, place: {start, end}, actual: use.name, expected})
      }
    }
  }
})

/** The first use on the page of each name of the table that a whole example uses without an import. */
function tableUses(blocks: readonly ReadBlock[], bound: Record<ImportFamily, Set<string>>): Array<{block: ReadBlock; use: NameUse; expected: string}> {
  const found: Array<{block: ReadBlock; use: NameUse; expected: string}> = []
  const reported = new Set<string>()
  for (const block of blocks) {
    if (!block.whole || foreignNames(block, bound[block.family]) >= maxForeignNames) continue
    for (const use of block.names.uses) {
      const expected = tableImport(block, use)
      if (!expected || bound[block.family].has(use.name) || reported.has(use.name)) continue
      reported.add(use.name)
      found.push({block, use, expected})
    }
  }
  return found
}

/** The import a use of a name of the table needs (`from datetime import datetime` for `datetime.now()`). */
function tableImport(block: ReadBlock, use: NameUse): string | undefined {
  const known = knownUse(block, use)
  return known ? (use.attribute !== undefined && known.byAttribute?.[use.attribute]) || known.importLine : undefined
}

function readBlocks(tree: Root): ReadBlock[] {
  const blocks: ReadBlock[] = []
  visit(tree, 'code', (node) => {
    const block = readBlock(node)
    if (block) blocks.push(block)
  })
  return blocks
}

function boundNames(blocks: readonly ReadBlock[]): Record<ImportFamily, Set<string>> {
  const bound = {python: new Set<string>(), script: new Set<string>()}
  for (const block of blocks) for (const name of block.names.bound) bound[block.family].add(name)
  return bound
}

/**
 * The imports of a page's blocks, and the names its whole examples that show imports call or use as
 * a module or type without binding them, which are neither built-ins nor names of the table, each
 * with every other name the block uses unbound (read values too).
 */
function importFacts(tree: Root, page: Page): ImportFact[] | undefined {
  const blocks = readBlocks(tree)
  if (blocks.length === 0) return undefined
  const bound = boundNames(blocks)
  // Names of the table the page part tells already.
  const told = new Set(tableUses(blocks, bound).map(({use}) => use.name))
  const facts: ImportFact[] = []
  blocks.forEach((block, index) => {
    for (const [name, line] of importsOf(block)) facts.push({kind: 'import', family: block.family, name, line, place: undefined})
    if (!block.whole || !importsSomething(block)) return
    const table = block.family === 'python' ? pythonNames : scriptNames
    const unbound = block.names.uses.filter(({name}) => !bound[block.family].has(name) && !Object.hasOwn(table, name) && !builtins[block.family].has(name))
    // Every unbound name counts for whether the block is whole, a value it only reads too
    // (`Pipeline(source, destination)`); only a name it calls or uses as a module or a type is told.
    const names = [...new Set(unbound.map((use) => use.name))]
    // A name of the table in a block whose only unbound calls are names the site may import: the page
    // part left the block as an excerpt, the site decides.
    if (unbound.some((use) => use.kind !== 'read')) {
      for (const use of block.names.uses) {
        const line = tableImport(block, use)
        if (!line || bound[block.family].has(use.name) || told.has(use.name)) continue
        const start = codePoint(block.node, page, use.offset)
        const end = codePoint(block.node, page, use.offset + use.name.length)
        if (start && end) facts.push({kind: 'use', family: block.family, name: use.name, line, block: index, unbound: names, place: {start, end}})
      }
    }
    for (const use of unbound) {
      if (use.kind === 'read') continue
      if (use !== unbound.find((other) => other.name === use.name)) continue
      const start = codePoint(block.node, page, use.offset)
      const end = codePoint(block.node, page, use.offset + use.name.length)
      if (start && end) facts.push({kind: 'use', family: block.family, name: use.name, block: index, unbound: names.filter((other) => other !== use.name), place: {start, end}})
    }
  })
  return facts.length > 0 ? facts : undefined
}

const pythonFrom = /^from[ \t]+([\w.]+)[ \t]+import[ \t](.*)$/
const scriptSource = /^(['"])([^'"]+)\1;?$/

/**
 * A module of the reader's own project, not a package: relative (`./db`, `.models`), through a path
 * alias (`@/lib/db`, `~/db`, `#lib`), or named as a placeholder (`my_project.main`, `your-app`).
 */
function ownModule(source: string): boolean {
  return /^(?:[.~#/]|@\/)/.test(source) || /^(?:[Mm]y|[Yy]our)(?:[_-]|[A-Z]|$)/.test(source)
}

/**
 * The names a block's one-line imports bind, each with its import written for that name alone:
 * `from pipecat.bus import AsyncQueueBus`, `import {z} from 'zod'`. An alias (`as`) binds no name the
 * site can vouch for.
 */
function importsOf(block: ReadBlock): Array<[string, string]> {
  const found: Array<[string, string]> = []
  for (const raw of block.node.value.split('\n')) {
    const line = raw.trim()
    if (line.length > 300) continue
    if (block.family === 'python') {
      const match = pythonFrom.exec(line)
      if (!match || ownModule(match[1]!)) continue
      for (const part of match[2]!.trim().replace(/^\(|\)$/g, '').split(',')) {
        const name = part.trim()
        if (/^\w+$/.test(name)) found.push([name, 'from ' + match[1] + ' import ' + name])
      }
    } else {
      const from = line.lastIndexOf(' from ')
      const source = from > 0 && line.startsWith('import ') ? scriptSource.exec(line.slice(from + 6).trim()) : null
      if (!source || ownModule(source[2]!)) continue
      const clause = line.slice(7, from).replace(/^type\s+/, '')
      const brace = clause.indexOf('{')
      const quoted = source[1]! + source[2]! + source[1]!
      const defaultName = (brace === -1 ? clause : clause.slice(0, brace)).replace(/,\s*$/, '').trim()
      if (/^[\w$]+$/.test(defaultName)) found.push([defaultName, 'import ' + defaultName + ' from ' + quoted])
      if (brace === -1 || !clause.endsWith('}')) continue
      for (const part of clause.slice(brace + 1, -1).split(',')) {
        const name = part.trim().replace(/^type\s+/, '')
        if (/^[\w$]+$/.test(name)) found.push([name, 'import {' + name + '} from ' + quoted])
      }
    }
  }
  return found
}

/**
 * How many names a block uses that the page never binds, besides the table's and the built-ins. A
 * value it only reads (`OpenAPIProvider(spec, client)`, `f"{agent_id}"`) counts when the block imports
 * nothing: a block that shows no import is an excerpt of a program; one that shows its imports and
 * reads a value set elsewhere is still an example whose imports matter.
 */
function foreignNames(block: ReadBlock, bound: ReadonlySet<string>): number {
  const table = block.family === 'python' ? pythonNames : scriptNames
  const readsCount = !importsSomething(block)
  const foreign = new Set<string>()
  for (const {name, kind} of block.names.uses) {
    if (kind === 'read' && !readsCount) continue
    if (!bound.has(name) && !Object.hasOwn(table, name) && !builtins[block.family].has(name)) foreign.add(name)
  }
  return foreign.size
}

/** Whether a block has an import statement (or a `require` call) of its own. */
function importsSomething(block: ReadBlock): boolean {
  const text = block.node.value
  return block.family === 'python' ? /^[ \t]*(?:from[ \t]+\S+[ \t]+)?import[ \t]/m.test(text) : /^[ \t]*import[ \t{*"']|\brequire\(/m.test(text)
}

/** The table entry of a use, when the name is known in the block's family and used the way the table says. */
function knownUse(block: ReadBlock, use: NameUse): KnownName | undefined {
  const table = block.family === 'python' ? pythonNames : scriptNames
  const known = Object.hasOwn(table, use.name) ? table[use.name] : undefined
  if (!known || use.kind === 'read' || !known.uses.includes(use.kind)) return undefined
  if (known.jsxOnly && !jsxLanguages.includes(block.language)) return undefined
  return known
}

/** A fence's language, lower-cased, without line highlights written against it (`py{1,3}`). */
function languageOf(lang: string | null | undefined): string {
  const text = (lang ?? '').toLowerCase()
  const brace = text.indexOf('{')
  return brace === -1 ? text : text.slice(0, brace)
}

/** The names of a block of a language the rule reads, and whether its uses are reported. */
function readBlock(node: Code): ReadBlock | undefined {
  const language = languageOf(node.lang)
  const family = Object.hasOwn(importLanguages, language) ? importLanguages[language] : undefined
  if (!family || node.value.length > maxBlockLength || node.value.trim() === '') return undefined
  const parser = family === 'python' ? 'python' : 'script'
  const repl = family === 'python' && /^>>>(?: |$)/m.test(node.value)
  const text = withoutAnnotations(repl ? replCode(node.value) : node.value, parser)
  const names = family === 'python' ? pythonBlockNames(text) : scriptBlockNames(text)
  const whole = !(repl ? false : isNotCode(text, parser)) && !isFragment(text, family)
  return {node, language, family, names, whole}
}

/**
 * The code of a Python session, offsets unchanged: the prompts `>>> ` and `... ` become spaces, and
 * the lines without one, the output, become blank.
 */
function replCode(value: string): string {
  return value
    .split('\n')
    .map((line) => {
      const prompt = /^(?:>>>|\.\.\.)(?: |$)/.exec(line)
      return prompt ? ' '.repeat(prompt[0].length) + line.slice(prompt[0].length) : ' '.repeat(line.length)
    })
    .join('\n')
}

/**
 * Whether a block is a fragment, whose imports may be among what it leaves out: its first line is
 * indented, it holds an elision, a placeholder or a template, or it is an excerpt of a Python class
 * body (methods taking `self`, or annotated fields, with no `class`), or a listing of data models
 * (classes of typed fields only), which shows a library's types rather than code to run.
 */
function isFragment(text: string, family: ImportFamily): boolean {
  const lines = text.split('\n').filter((line) => line.trim() !== '')
  if (lines.length === 0 || /^[ \t]/.test(lines[0]!)) return true
  // Python's `...` as an argument (`Field(...)`) is code, not an elision.
  const marked = family === 'python' ? text.replace(/([(,=][ \t]*)\.\.\.(?=[ \t]*[,)])/g, '$1   ') : text
  if (firstMark(marked, family) !== Infinity) return true
  if (family !== 'python') return false
  if (/^class\s/m.test(text)) return declaresModelsOnly(text)
  if (/^(?:async\s+)?def\s+\w+\s*\(\s*(?:self|cls)\b/m.test(text)) return true
  return lines.some((line) => /^(?!(?:else|try|finally|except|lambda|match|case)\b)\w+\s*:\s*[^=\s][^=]*(?:=|$)/.test(line))
}
