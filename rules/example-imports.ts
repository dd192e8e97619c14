// example-imports: a Python, JavaScript or TypeScript example that uses a well-known module or symbol
// (`aiohttp`, pydantic's `Field`, zod's `z`) imports it. Only the names of the data table are looked
// at, and a name any block of the same language on the page binds (examples continue across blocks)
// is never reported. Which names a block uses and binds is rules/shared/code-names.ts.
import type {Code} from 'mdast'
import {visit} from '../src/walk.js'
import {defineRule} from '../src/rule.js'
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

export default defineRule({
  id: 'example-imports',
  severity: 'warn',
  summary: 'Python, JavaScript and TypeScript examples import the well-known modules and symbols they use',
  fixable: false,
  conventions: [{id: 'runnable-examples', coverage: 'partial'}],
  defaults: {},
  create() {
    return function (tree, {page, report}) {
      // A snippet is read in the pages that import it, after their own blocks: its imports may be there.
      if (page.isSnippet) return
      const blocks: ReadBlock[] = []
      visit(tree, 'code', (node) => {
        const block = readBlock(node)
        if (block) blocks.push(block)
      })
      const bound = {python: new Set<string>(), script: new Set<string>()}
      for (const block of blocks) for (const name of block.names.bound) bound[block.family].add(name)
      const reported = new Set<string>()
      for (const block of blocks) {
        if (!block.whole || foreignNames(block, bound[block.family]) >= maxForeignNames) continue
        for (const use of block.names.uses) {
          const known = knownUse(block, use)
          if (!known || bound[block.family].has(use.name) || reported.has(use.name)) continue
          reported.add(use.name)
          const start = codePoint(block.node, page, use.offset)
          const end = codePoint(block.node, page, use.offset + use.name.length)
          const expected = (use.attribute !== undefined && known.byAttribute?.[use.attribute]) || known.importLine
          const message = 'Unexpected `' + use.name + '` without an import, expected `' + expected + '` in the example'
          if (start && end) report({message, place: {start, end}, actual: use.name, expected})
        }
      }
    }
  }
})

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
