// The platform facts: src/platform/facts.generated.json is the script's output in the shape the rules
// read, the overlay holds only what the generated facts lack, no rule keeps a component list of its
// own, and pages written the way the platform's own docs write them are clean. None of this needs the
// network: `npm run sync:platform` is what refreshes the facts (and the scheduled workflow runs it).
import fs from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import {describe, expect, it} from 'vitest'
import {lintText, resolveConfig} from '../src/index.js'
import {componentNames, components, containerOf} from '../src/platform/facts.js'
import * as overlay from '../src/platform/overlay.js'
import {factsFile, factsText, generatedNote} from '../scripts/sync-platform.mjs'
import {formatMessage} from './helpers/examples.js'

const root = path.resolve(import.meta.dirname, '..')
const text = fs.readFileSync(factsFile as string, 'utf8')
const facts = JSON.parse(text) as {
  '@generated': string
  sources: Record<string, string>
  components: {
    codeBlock: string
    renderer: {unknownJsx: {flow: string; text: string}; htmlElements: string[]; paramFieldLocations: string[]}
    byName: Record<string, {
      from: string[]
      aliasOf?: string
      attributes?: Record<string, {type: string; values?: unknown[]; required?: boolean; slot?: boolean; from: string[]}>
      closedAttributes: boolean
      children?: {any?: boolean; only?: string[]; code?: boolean; lists?: boolean; unknownTags?: boolean}
      parents?: string[]
      id?: string
    }>
  }
}
const generated = facts.components.byName

describe('src/platform/facts.generated.json', () => {
  it('is the output of scripts/sync-platform.mjs: its header, its key order and its formatting, no dates', () => {
    expect(facts['@generated']).toBe(generatedNote)
    expect(text).toBe(factsText(facts))
    // A date would change the bytes on every run, and the scheduled workflow would open a pull request each week.
    expect(text).not.toMatch(/\d{4}-\d\d-\d\dT\d\d:/)
  })

  it('names the version of each package it was read from', () => {
    const packages = ['mint', '@mintlify/common', '@mintlify/components', '@mintlify/cli', '@mintlify/mdx', '@mintlify/validation']
    expect(Object.keys(facts.sources).sort()).toEqual([...packages].sort())
    for (const version of Object.values(facts.sources)) expect(version).toMatch(/^\d+\.\d+\.\d+(?:-[\w.]+)?$/)
  })

  it('has the shape the rules read', () => {
    expect(facts.components.renderer.unknownJsx).toEqual({flow: 'dropped', text: 'kept'})
    expect(facts.components.renderer.htmlElements).toContain('div')
    expect(facts.components.renderer.paramFieldLocations).toContain('query')
    expect(generated[facts.components.codeBlock]).toBeDefined()
    expect(Object.keys(generated).length).toBeGreaterThan(40)
    const sources = new Set(['renderer', 'renderer-plugin', 'mdx-client', 'editor', 'types'])
    for (const [name, component] of Object.entries(generated)) {
      expect(component.from.every((source) => sources.has(source)), name).toBe(true)
      expect(typeof component.closedAttributes, name).toBe('boolean')
      if (component.aliasOf) expect(generated[component.aliasOf], name).toBeDefined()
      for (const parent of component.parents ?? []) expect(generated[parent], name + ' in ' + parent).toBeDefined()
      for (const child of component.children?.only ?? []) expect(generated[child], child + ' in ' + name).toBeDefined()
      for (const [attribute, spec] of Object.entries(component.attributes ?? {})) {
        expect(['string', 'boolean', 'number', 'any'], name + ' ' + attribute).toContain(spec.type)
        expect(spec.required === undefined || spec.required === true, name + ' ' + attribute).toBe(true)
        expect(spec.from.length, name + ' ' + attribute).toBeGreaterThan(0)
      }
    }
  })

  it('holds the facts the rules are built on', () => {
    expect(generated['Expandable']?.children).toEqual({any: true})
    expect(generated['Steps']?.children).toEqual({only: ['Step']})
    expect(generated['Step']?.parents).toEqual(['Steps'])
    expect(generated['Step']?.id).toBe('cleaned')
    expect(generated['Card']?.id).toBe('dropped')
    expect(generated['CodeGroup']?.children).toEqual({code: true, only: []})
    expect(generated['FileTree']?.children?.only).toEqual(['Tree.File', 'Tree.Folder'])
    expect(generated['Tab']?.attributes?.['title']?.required).toBe(true)
    // The display component requires a step title; the editor lets it be empty and no validator asks for it.
    expect(generated['Step']?.attributes?.['title']?.required).toBeUndefined()
    expect(generated['Snippet']?.from).toEqual(['renderer-plugin'])
    expect(generated['Example']?.aliasOf).toBe('Frame')
  })
})

describe('the overlay (src/platform/overlay.ts)', () => {
  it('names only components the generated facts lack, each with its reason', () => {
    for (const [name, component] of Object.entries(overlay.overlayComponents)) {
      expect(generated[name], name + ' is in the generated facts now: remove it from the overlay').toBeUndefined()
      expect(component.reason.length).toBeGreaterThan(10)
    }
  })

  it('adds only attributes the generated facts lack, to components they have', () => {
    for (const [name, attributes] of Object.entries(overlay.overlayAttributes)) {
      expect(generated[name], name).toBeDefined()
      for (const [attribute, spec] of Object.entries(attributes)) {
        expect(generated[name]?.attributes?.[attribute], name + ' ' + attribute + ' is generated now: remove it from the overlay').toBeUndefined()
        expect(spec.reason.length).toBeGreaterThan(5)
      }
    }
  })

  it('points its aliases, counterparts and judgements at components that exist', () => {
    for (const [name, {sameAs, reason}] of Object.entries(overlay.overlayAliases)) {
      expect(generated[name], name).toBeDefined()
      expect(generated[sameAs], sameAs).toBeDefined()
      expect(reason).not.toBe('')
    }
    for (const [name, counterpart] of Object.entries(overlay.counterparts)) {
      expect(components.has(name), name + ' is a platform component: it needs no counterpart').toBe(false)
      if (counterpart.component) expect(components.has(counterpart.component), counterpart.component).toBe(true)
    }
    for (const callout of Object.values(overlay.calloutKinds.kinds)) expect(components.has(callout), callout).toBe(true)
    for (const name of [...Object.keys(overlay.noOpAttributes), ...Object.keys(overlay.misplacedAttributes), ...Object.keys(overlay.overlayExactlyOne)]) {
      expect(components.has(name), name).toBe(true)
    }
  })
})

describe('the merged catalogue (src/platform/facts.ts)', () => {
  it('gives an alias the attributes and children of the component it names', () => {
    expect(components.get('CardGroup')?.attributes['cols']?.values).toEqual([1, 2, 3, 4])
    expect(components.get('Column')?.parents).toEqual(['Columns', 'CardGroup'])
    expect(components.get('Example')?.attributes['caption']).toBeDefined()
  })

  it('finds the container of an item for a plural: `Cards` means `CardGroup`', () => {
    expect(containerOf('Card')).toBe('CardGroup')
    expect(containerOf('Accordion')).toBe('AccordionGroup')
    expect(containerOf('Note')).toBeUndefined()
    expect(componentNames).toContain('Timeline.Item')
  })
})

/** Platform component names in one collection literal (an array, a `new Set`, an object's keys). */
function componentNamesIn(node: ts.Node, names: ReadonlySet<string>): string[] {
  const found: string[] = []
  const add = (value: string) => {
    if (names.has(value)) found.push(value)
  }
  if (ts.isArrayLiteralExpression(node)) {
    for (const element of node.elements) if (ts.isStringLiteralLike(element)) add(element.text)
  } else if (ts.isObjectLiteralExpression(node)) {
    for (const property of node.properties) {
      if (property.name && (ts.isIdentifier(property.name) || ts.isStringLiteralLike(property.name))) add(property.name.text)
    }
  }
  return [...new Set(found)]
}

/** An object whose values describe attributes: `{title: {type: 'string', required: true}, …}`. */
function isAttributeTable(node: ts.Node): boolean {
  if (!ts.isObjectLiteralExpression(node)) return false
  const described = node.properties.filter((property) =>
    ts.isPropertyAssignment(property) && ts.isObjectLiteralExpression(property.initializer) &&
    property.initializer.properties.some((inner) =>
      ts.isPropertyAssignment(inner) && inner.name.getText() === 'type' && ts.isStringLiteralLike(inner.initializer) &&
      ['string', 'boolean', 'number', 'any'].includes(inner.initializer.text)))
  return described.length >= 2
}

describe('rules', () => {
  it('keep no list of the platform\'s components or attributes of their own: they read src/platform/facts.ts', () => {
    const names = new Set([...componentNames].filter((name) => /^[A-Z]/.test(name)))
    const files = fs.readdirSync(path.join(root, 'rules'), {recursive: true, encoding: 'utf8'}).filter((name) => name.endsWith('.ts'))
    const tables: string[] = []
    for (const file of files) {
      const source = ts.createSourceFile(file, fs.readFileSync(path.join(root, 'rules', file), 'utf8'), ts.ScriptTarget.Latest, true)
      const visit = (node: ts.Node): void => {
        const listed = componentNamesIn(node, names)
        // A rule may name the components it is about (`<ResponseExample>`, `<Steps>` and its `<Step>`);
        // four or more in one literal is a catalogue.
        if (listed.length >= 4) tables.push(file + ': ' + listed.join(', '))
        if (isAttributeTable(node)) tables.push(file + ': an attribute table at line ' + (source.getLineAndCharacterOfPosition(node.getStart()).line + 1))
        ts.forEachChild(node, visit)
      }
      visit(source)
    }
    expect(tables).toEqual([])
    expect(fs.existsSync(path.join(root, 'rules/shared/components.data.ts'))).toBe(false)
  })

  it('find such a list when there is one (the check can fail)', () => {
    const names = new Set(['Note', 'Tip', 'Warning', 'Info'])
    const source = ts.createSourceFile('x.ts', "const callouts = new Set(['Note', 'Tip', 'Warning', 'Info'])\nconst t = {title: {type: 'string'}, href: {type: 'string', required: true}}", ts.ScriptTarget.Latest, true)
    const found: string[][] = []
    let table = false
    const visit = (node: ts.Node): void => {
      const listed = componentNamesIn(node, names)
      if (listed.length > 0) found.push(listed)
      table ||= isAttributeTable(node)
      ts.forEachChild(node, visit)
    }
    visit(source)
    expect(found).toEqual([['Note', 'Tip', 'Warning', 'Info']])
    expect(table).toBe(true)
  })
})

/** The three component rules on one page, as the recommended preset sets them. */
async function componentFindings(source: string): Promise<string[]> {
  const config = resolveConfig({rules: {'unknown-component': 'warn', 'component-attributes': 'error', 'component-nesting': 'error'}})
  const file = await lintText(source, {path: 'guide.mdx', config})
  return file.messages.map((message) => formatMessage(message) + ' ' + message.ruleId)
}

const frontMatter = '---\ntitle: Guide\ndescription: A guide.\n---\n\n'

describe('pages written as the platform\'s own docs write them', () => {
  it('are clean: file trees, repository cards, folders open by default, a highlighted file', async () => {
    const page = frontMatter + [
      '<FileTree>',
      '  - app/',
      '    - layout.tsx',
      '  - package.json',
      '</FileTree>',
      '',
      '<Tree>',
      '  <Tree.Folder name="app" defaultOpen openable={false}>',
      '    <Tree.File name="page.tsx" highlight />',
      '    <Tree.Folder name="empty" />',
      '  </Tree.Folder>',
      '</Tree>',
      '',
      '<GitHub.Repo repo="acme/docs" variant="inset" />',
      '',
      '<Accordion title="Details" defaultOpen>',
      '  More details.',
      '</Accordion>'
    ].join('\n') + '\n'
    expect(await componentFindings(page)).toEqual([])
  })

  it('are clean: an expandable that holds a table, a list and code', async () => {
    const page = frontMatter + [
      '<ResponseField name="user" type="object">',
      '  <Expandable title="properties" defaultOpen>',
      '    | Field | Type |',
      '    | --- | --- |',
      '    | `id` | string |',
      '',
      '    - `id` is stable.',
      '',
      '    ```json',
      '    {"id": "usr_1"}',
      '    ```',
      '  </Expandable>',
      '</ResponseField>'
    ].join('\n') + '\n'
    expect(await componentFindings(page)).toEqual([])
  })

  it('are clean: steps from snippets, with ids, in a fragment', async () => {
    const page = frontMatter + [
      "import Install from '/snippets/install-step.mdx'",
      '',
      '<Steps>',
      '  <Snippet file="sign-up-step.mdx" />',
      '  <Install />',
      '  <>',
      '    <Step title="Deploy" id="deploy">Run `acme deploy`.</Step>',
      '  </>',
      '</Steps>'
    ].join('\n') + '\n'
    expect(await componentFindings(page)).toEqual([])
  })

  it('still report what the platform drops or breaks', async () => {
    const page = frontMatter + [
      '<Steps>',
      '  <Note>Before you start, sign up.</Note>',
      '  <Step title="Install">Run the installer.</Step>',
      '</Steps>',
      '',
      '<Card title="Plans" id="plans" />',
      '',
      'Run <Command>acme</Command> now.'
    ].join('\n') + '\n'
    expect(await componentFindings(page)).toEqual([
      '7:4-7:8 error Unexpected `<Note>` in `<Steps>`, expected only `<Step>` elements component-nesting',
      '11:21-11:31 warning Unexpected `id` on `<Card>`, expected none: the platform drops it, so no link can land on it component-attributes',
      '13:6-13:13 warning Unexpected unknown component `<Command>`, expected a platform component, an import or export of the page, or a name in the config’s `components`: the page fails to render unknown-component'
    ])
  })
})
