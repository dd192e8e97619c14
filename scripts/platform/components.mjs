// Extractor `components` of scripts/sync-platform.mjs: the platform's content components as facts,
// from three of its packages, each read for what it knows best:
// - @mintlify/common: the renderer. Which names it keeps (`allowedComponents`; an unknown block element
//   is dropped, an unknown inline one kept), what its plugins handle before that filter, the parents
//   its validators ask for, the file tree's children, and what it does with `id`.
// - @mintlify/cli (bin/vendor/converter.js): the platform editor's schema, the authoring contract.
//   Attribute lists with types, options and required flags, and each node's allowed children.
// - @mintlify/components: the display components' props, from their .d.ts.
// @mintlify/mdx adds the components its client provides at render time (`<Popup>`).
// An attribute is required only where the sources agree (see `requiredFrom`).
import path from 'node:path'
import {readComponentProps} from './lib/dts-props.mjs'
import {contentNames, readEditorSchema} from './lib/editor-schema.mjs'
import {readRenderer} from './lib/renderer.mjs'
import {findAll, readModule, ts} from './lib/static-js.mjs'

export const name = 'components'

/** @param {{common: string, components: string, cli: string, mdx: string}} packages */
export async function extract(packages) {
  const renderer = readRenderer(packages.common)
  const editor = readEditorSchema(packages.cli)
  const props = readComponentProps(packages.components)
  const provided = providedAtRender(packages.mdx)

  const html = renderer.allowed.filter((item) => /^[a-z]/.test(item)).sort()
  const known = new Set([
    ...renderer.allowed.filter((item) => /^[A-Z]/.test(item)),
    ...Object.keys(renderer.beforeFilter),
    ...provided
  ])
  const editorNodes = editorNodesByComponent(editor, known)
  const propsByComponent = propsByComponentName(props, known)
  const childrenByComponent = allowedChildren(editor, editorNodes, known, renderer.fileTree)

  /** @type {Record<string, unknown>} */
  const byName = {}
  for (const component of [...known].sort()) {
    const node = editorNodes.get(component)
    const types = propsByComponent.get(component)
    const handled = renderer.beforeFilter[component]
    const from = [
      renderer.allowed.includes(component) ? 'renderer' : handled ? 'renderer-plugin' : 'mdx-client',
      ...(node ? ['editor'] : []),
      ...(types ? ['types'] : [])
    ]
    const attributes = mergeAttributes(component, node, types, handled, editor.calloutTypes, renderer.missingWarned[component] ?? [])
    if (component === 'ParamField') for (const location of renderer.paramFieldLocations) attributes[location] ??= {type: 'string', from: ['renderer']}
    const id = renderer.id.raw.includes(component) ? 'raw' : renderer.id.cleaned.includes(component) ? 'cleaned' : renderer.id.dropped.includes(component) ? 'dropped' : undefined
    if (id === 'raw' || id === 'cleaned') attributes.id ??= {type: 'string', from: ['renderer']}
    const children = childrenByComponent.get(component)
    const parents = parentsOf(component, renderer.directParents, editor, editorNodes)
    byName[component] = sortKeys({
      from,
      ...(handled?.aliasOf ? {aliasOf: handled.aliasOf} : {}),
      ...(Object.keys(attributes).length > 0 ? {attributes: sortKeys(attributes)} : {}),
      // An attribute outside the list is unknown only for a component the editor edits as one of its
      // nodes, with its own list or the display component's props (`<AccordionGroup>`): a member that
      // is only data to its parent (`<Tree.File>`) may take more than the display component shows.
      closedAttributes: node !== undefined && (node.attributes !== undefined || slotsOf(node).length > 0 || types !== undefined),
      ...(children ? {children} : {}),
      ...(parents.length > 0 ? {parents} : {}),
      ...(id ? {id} : {}),
      ...(node?.inline ? {inline: true} : {})
    })
  }
  return {
    // The editor's code block node, which is also a component: `code` children are fenced code or it.
    codeBlock: editor.codeBlock,
    renderer: {
      unknownJsx: renderer.unknownJsx,
      htmlElements: html,
      paramFieldLocations: renderer.paramFieldLocations
    },
    byName
  }
}

/**
 * Components the @mintlify/mdx client passes to MDX beside the site's own (`{Popup, ...props.components}`).
 * @param {string} mdxFolder
 */
function providedAtRender(mdxFolder) {
  const client = readModule(path.join(mdxFolder, 'dist', 'client', 'default.js'))
  const merged = findAll(client.source, ts.isObjectLiteralExpression).find((object) =>
    object.properties.some((property) => ts.isSpreadAssignment(property) && property.expression.getText() === 'props.components'))
  if (!merged) throw new Error(`${client.file}: the components the client provides no longer read as expected`)
  return merged.properties.filter(ts.isShorthandPropertyAssignment).map((property) => property.name.text).sort()
}

/**
 * The editor node each component is edited as: its own (`Step`), the callout's for the named callouts
 * (`Note`), or the `<Name>Block` node the converter turns `<Name>` into (`PromptBlock` for `<Prompt>`;
 * `MermaidBlock` is a fenced `mermaid` block, not `<Mermaid>`).
 */
function editorNodesByComponent(editor, known) {
  const byComponent = new Map()
  const callout = editor.nodes.get('Callout')
  for (const type of editor.calloutTypes) if (callout) byComponent.set(type, callout)
  for (const [type, node] of editor.nodes) {
    if (known.has(type) && !byComponent.has(type)) byComponent.set(type, node)
    else if (type.endsWith('Block') && editor.handledElements.includes(type.slice(0, -'Block'.length)) && known.has(type.slice(0, -'Block'.length))) {
      byComponent.set(type.slice(0, -'Block'.length), node)
    }
  }
  return byComponent
}

/**
 * The display component's props for each component name: an export of the same name (`Card`), a
 * member of one (`Tree.File`), `<Name>.Group` as `<Name>Group`, and `<Names>.Item` as `<Name>`
 * (`Steps.Item` is `<Step>`).
 */
function propsByComponentName(props, known) {
  const byComponent = new Map()
  for (const [exportPath, {props: componentProps}] of props) {
    const [owner, member] = exportPath.split('.')
    const candidates = member === undefined ? [owner] : [exportPath, owner + member, ...(member === 'Item' && owner.endsWith('s') ? [owner.slice(0, -1)] : [])]
    const component = candidates.find((candidate) => known.has(candidate))
    if (component && !byComponent.has(component)) byComponent.set(component, componentProps)
  }
  return byComponent
}

/**
 * The attributes the editor holds in child nodes of their own: `title` in `StepTitle` (of
 * `StepTitle StepBody`), `description` in `PromptDescription` (of the `PromptBlock` node of `<Prompt>`).
 */
function slotsOf(node) {
  if (!node?.content) return []
  const owners = [node.type, node.type.replace(/Block$/, '')]
  return contentNames(node.content).flatMap((item) => {
    const slot = /^(.*)(Title|Description)$/.exec(item)
    return slot && owners.includes(slot[1]) ? [slot[2].toLowerCase()] : []
  })
}

/**
 * One component's attributes from the editor's list, its title slot, the display component's props and
 * the renderer's plugins. The editor's type wins (it is what writers set; the props' `ReactNode` titles
 * are "for internal use only"); the props add what the editor does not list, and enum values.
 */
function mergeAttributes(component, node, types, handled, calloutTypes, warnedMissing) {
  /** @type {Record<string, {type: string, values?: (string | number)[], valuesFrom?: string, required?: true, slot?: true, from: string[]}>} */
  const attributes = {}
  const editorList = (node?.attributes ?? []).filter((descriptor) => !(descriptor.name === 'type' && calloutTypes.includes(component) && component !== 'Callout'))
  const editorDescribes = node?.attributes !== undefined || slotsOf(node).length > 0
  for (const descriptor of editorList) {
    if (descriptor.name.startsWith('__')) continue
    const type = descriptor.type === 'expression' ? 'any' : descriptor.type
    attributes[descriptor.name] = {
      type,
      ...(Array.isArray(descriptor.options) ? {values: [...descriptor.options]} : {}),
      ...(requiredFrom(descriptor.required === true, types?.[descriptor.name], editorDescribes) ? {required: true} : {}),
      from: ['editor']
    }
  }
  // The editor's slot may stay empty (`text*`): a slot is required where the props require it and the
  // renderer's validators warn without it (`<Accordion>`), not where only the props do (`<Step>`).
  for (const slot of slotsOf(node)) {
    const required = types?.[slot]?.required === true && warnedMissing.includes(slot)
    attributes[slot] ??= {type: 'string', ...(required ? {required: true} : {}), slot: true, from: ['editor']}
  }
  for (const [propName, prop] of Object.entries(types ?? {})) {
    const existing = attributes[propName]
    if (existing) {
      existing.from.push('types')
      if (prop.values && existing.type === prop.type) {
        // The editor takes any value where it has no options (`iconType`): the props' enum is theirs alone.
        if (!existing.values) existing.valuesFrom = 'types'
        existing.values = [...new Set([...(existing.values ?? []), ...prop.values])]
      }
      continue
    }
    attributes[propName] = {
      type: prop.type,
      ...(prop.values ? {values: prop.values, valuesFrom: 'types'} : {}),
      ...(!editorDescribes && prop.required ? {required: true} : {}),
      from: ['types']
    }
  }
  for (const attribute of handled?.attributes ?? []) attributes[attribute] ??= {type: 'string', from: ['renderer']}
  return attributes
}

/**
 * Required only where the sources agree: the editor requires it and the props do not make it
 * optional (a prop the display component does not have is no vote: `<Tooltip tip>` is renamed before
 * it reaches the component). A prop the props require but the editor's list leaves optional is filled
 * in by the platform (`<Update id>`, `<Frame as>`), not by the writer.
 */
function requiredFrom(editorRequired, prop, editorDescribes) {
  if (editorDescribes) return editorRequired && prop?.required !== false
  return prop?.required === true
}

/**
 * What each container may hold, from the editor's content expressions (`Step*`, `CodeBlock*`,
 * `(Accordion | UnknownTag)*`, `block*`), the file tree plugin, and the atom nodes whose children the
 * editor reads as data from the component's own members (`<Color>` from `<Color.Row>` and `<Color.Item>`).
 */
function allowedChildren(editor, editorNodes, known, fileTree) {
  const byComponent = new Map()
  for (const [component, node] of editorNodes) {
    // `<Prompt>`'s text becomes a code block of the editor's `PromptBlock`: another shape than the page's.
    if (node.type !== component && !editor.calloutTypes.includes(component)) continue
    if (node.atom && !node.inline) {
      const members = [...known].filter((candidate) => candidate.startsWith(component + '.')).sort()
      if (members.length > 0) byComponent.set(component, {only: members})
      continue
    }
    if (!node.content || node.inline) continue
    const allowed = expandContent(node.content, editor, editorNodes, new Set([node.type]))
    if (allowed.has('block')) byComponent.set(component, {any: true})
    else if (!allowed.has('inline')) {
      const names = [...allowed].filter((item) => item !== 'code' && item !== 'unknown').sort()
      byComponent.set(component, sortKeys({only: names, ...(allowed.has('code') ? {code: true} : {}), ...(allowed.has('unknown') ? {unknownTags: true} : {})}))
    }
  }
  for (const root of [...fileTree.roots, ...fileTree.items.filter((item) => item.endsWith('.Folder'))]) {
    if (known.has(root)) byComponent.set(root, {lists: true, only: fileTree.items})
  }
  return byComponent
}

/**
 * The kinds of content an expression allows: `block`, `inline`, `code` (fenced code or `<CodeBlock>`),
 * `unknown` (components the editor does not know), component names, and through an internal node
 * (`StepBody`) what that node allows; a slot (`StepTitle`) holds an attribute, not children.
 */
function expandContent(expression, editor, editorNodes, seen) {
  const allowed = new Set()
  for (const item of contentNames(expression)) {
    const node = editor.nodes.get(item)
    if (item === 'block' || item === 'inline' || item === 'text') allowed.add(item === 'block' ? 'block' : 'inline')
    else if (item === editor.codeBlock) allowed.add('code')
    else if (item === 'UnknownTag' || item === 'InlineUnknownTag') allowed.add('unknown')
    else if (editorNodes.has(item)) allowed.add(item)
    else if (node?.content && !/(Title|Description)$/.test(item) && !seen.has(item)) {
      for (const inner of expandContent(node.content, editor, editorNodes, new Set([...seen, item]))) allowed.add(inner)
    }
  }
  return allowed
}

/**
 * The parents a component must sit directly inside: the validators' (`Step` in `Steps`), and for a
 * node outside the editor's `block` group (`Column`), the nodes whose content names it.
 */
function parentsOf(component, directParents, editor, editorNodes) {
  if (directParents[component]) return [directParents[component]]
  const node = editorNodes.get(component)
  if (!node || node.inline || (node.group ?? '').split(' ').includes('block')) return []
  const parents = []
  for (const [candidate, parentNode] of editorNodes) {
    if (parentNode.content && contentNames(parentNode.content).includes(node.type)) parents.push(candidate)
  }
  return parents.sort()
}

/** A copy with keys in code-point order: the file's bytes depend on the facts, not on reading order. */
function sortKeys(object) {
  return Object.fromEntries(Object.keys(object).sort().map((key) => [key, object[key]]))
}
