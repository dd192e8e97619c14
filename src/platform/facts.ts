/**
 * The platform's content components as the rules read them: the generated facts
 * (facts.generated.json, extracted from the platform's own packages by scripts/sync-platform.mjs)
 * merged with the hand-kept overlay (overlay.ts). The JSON is imported, so the compiler copies it to
 * dist/, and esbuild inlines it in the command line's bundle and the playground: no file is read at
 * run time.
 */
import generated from './facts.generated.json' with {type: 'json'}
import {calloutKinds as callouts, misplacedAttributes as misplaced, noOpAttributes as noOp, overlayAliases, overlayAttributes, overlayComponents, overlayExactlyOne, universalAttributes as universal, type OverlayAttribute} from './overlay.js'

export {counterparts, type Counterpart} from './overlay.js'

/** Other docs tools' callout kinds (`success`) and the platform's callout for each (`Check`). */
export const calloutKinds: Readonly<Record<string, string>> = callouts.kinds

/** Attributes every component accepts (`className`, `key`). */
export const universalAttributes: readonly string[] = universal.names

/** Attributes a component ignores without loss, by component (docs-lint's judgement, see overlay.ts). */
export const noOpAttributes: ReadonlyMap<string, readonly string[]> = new Map(Object.entries(noOp).map(([name, {names}]) => [name, names]))

/** Where an ignored attribute belongs instead, by component and attribute. */
export const misplacedAttributes: ReadonlyMap<string, Readonly<Record<string, string>>> = new Map(Object.entries(misplaced).map(([name, {places}]) => [name, places]))

export type AttributeType = 'string' | 'boolean' | 'number' | 'any'

export interface AttributeSpec {
  type: AttributeType
  /** The values it takes, for an attribute with a fixed set (`cols`: 1 to 4). */
  values?: readonly (string | number)[]
  /** The set is the display component's alone: the editor takes any value (`iconType`). */
  valuesFromTypesOnly?: boolean
  /** Required where the platform's sources agree. */
  required?: boolean
  /** The platform's editor holds it in a child node (`StepTitle`): content may stand in for it. */
  slot?: boolean
  /** One a writer sets: in the editor's list where the editor has one (not a display prop such as `basePath`). */
  listed: boolean
}

/** What a container holds: anything, or only the named components (and code, lists, unknown tags). */
export type ChildrenSpec =
  | {kind: 'any'}
  | {kind: 'only'; names: readonly string[]; code: boolean; lists: boolean; unknownTags: boolean}

export interface ComponentSpec {
  name: string
  attributes: Readonly<Record<string, AttributeSpec>>
  /** The platform's editor lists its attributes: one outside the list is unknown. */
  closedAttributes: boolean
  /** Exactly one of these attributes, with a string value, is set (the `ParamField` location). */
  exactlyOne?: {names: readonly string[]; label: string; purpose?: string}
  /** The components it sits directly inside. */
  parents?: readonly string[]
  children?: ChildrenSpec
  /** What the renderer does with its `id`: kept as written, cleaned like a heading's, or dropped. */
  id?: 'raw' | 'cleaned' | 'dropped'
  /** Replaced before rendering by content from elsewhere (`<Snippet file>`): it may stand for anything. */
  replaced: boolean
}

interface GeneratedAttribute {
  type: AttributeType
  values?: (string | number)[]
  valuesFrom?: string
  required?: boolean
  slot?: boolean
  from: string[]
}

interface GeneratedComponent {
  from: string[]
  aliasOf?: string
  attributes?: Record<string, GeneratedAttribute>
  closedAttributes: boolean
  children?: {any?: boolean; only?: string[]; code?: boolean; lists?: boolean; unknownTags?: boolean}
  parents?: string[]
  id?: 'raw' | 'cleaned' | 'dropped'
}

interface GeneratedFacts {
  sources: Record<string, string>
  components: {
    codeBlock: string
    renderer: {unknownJsx: {flow: string; text: string}; htmlElements: string[]; paramFieldLocations: string[]}
    byName: Record<string, GeneratedComponent>
  }
}

const facts = generated as unknown as GeneratedFacts

/** The platform's package versions the facts come from. */
export const platformSources: Readonly<Record<string, string>> = facts.sources

/** HTML elements the renderer keeps (`div`, `img`); other lower-case names are HTML too. */
export const htmlElements: ReadonlySet<string> = new Set(facts.components.renderer.htmlElements)

/** The component that is a code block (`<CodeBlock>`): where code is expected, it is code too. */
export const codeBlockComponent: string = facts.components.codeBlock

/** The renderer drops an unknown block element; an unknown inline one stays, and the page fails to render. */
export const unknownJsx = facts.components.renderer.unknownJsx

function attributeOf(attribute: GeneratedAttribute | OverlayAttribute, listed: boolean): AttributeSpec {
  return {
    type: attribute.type,
    ...(attribute.values ? {values: [...attribute.values]} : {}),
    ...('valuesFrom' in attribute && attribute.valuesFrom === 'types' ? {valuesFromTypesOnly: true} : {}),
    ...(attribute.required ? {required: true} : {}),
    ...('slot' in attribute && attribute.slot ? {slot: true} : {}),
    listed
  }
}

function childrenOf(children: GeneratedComponent['children']): ChildrenSpec | undefined {
  if (!children) return undefined
  if (children.any) return {kind: 'any'}
  return {kind: 'only', names: children.only ?? [], code: children.code === true, lists: children.lists === true, unknownTags: children.unknownTags === true}
}

function fromGenerated(name: string, component: GeneratedComponent): ComponentSpec {
  const attributes: Record<string, AttributeSpec> = {}
  const all = Object.entries(component.attributes ?? {})
  const editorLists = all.some(([, spec]) => spec.from.includes('editor'))
  for (const [attribute, spec] of all) attributes[attribute] = attributeOf(spec, !editorLists || !(spec.from.length === 1 && spec.from[0] === 'types'))
  const children = childrenOf(component.children)
  return {
    name,
    attributes,
    closedAttributes: component.closedAttributes,
    ...(component.parents ? {parents: component.parents} : {}),
    ...(children ? {children} : {}),
    ...(component.id ? {id: component.id} : {}),
    replaced: component.from.includes('renderer-plugin') && component.aliasOf === undefined
  }
}

function buildCatalogue(): Map<string, ComponentSpec> {
  const catalogue = new Map<string, ComponentSpec>()
  const byName = facts.components.byName
  for (const [name, component] of Object.entries(byName)) {
    // `<Example>` is renamed `<Frame>` before rendering: it is a frame in every respect.
    const target = component.aliasOf ? byName[component.aliasOf] : undefined
    catalogue.set(name, fromGenerated(name, target ?? component))
  }
  for (const [name, {sameAs}] of Object.entries(overlayAliases)) {
    const own = catalogue.get(name)
    const target = catalogue.get(sameAs)
    if (!target) continue
    catalogue.set(name, {...target, name, ...(own?.id ? {id: own.id} : {})})
    for (const spec of catalogue.values()) if (spec.parents?.includes(sameAs)) catalogue.set(spec.name, {...spec, parents: [...spec.parents, name]})
  }
  for (const [name, component] of Object.entries(overlayComponents)) {
    const attributes: Record<string, AttributeSpec> = {}
    for (const [attribute, spec] of Object.entries(component.attributes ?? {})) attributes[attribute] = attributeOf(spec, true)
    catalogue.set(name, {
      name,
      attributes,
      closedAttributes: false,
      ...(component.parents ? {parents: component.parents} : {}),
      ...(component.children ? {children: {kind: 'only', names: component.children, code: false, lists: false, unknownTags: false}} : {}),
      replaced: false
    })
  }
  for (const [name, added] of Object.entries(overlayAttributes)) {
    const spec = catalogue.get(name)
    if (!spec) continue
    const attributes = {...spec.attributes}
    for (const [attribute, attributeSpec] of Object.entries(added)) attributes[attribute] ??= attributeOf(attributeSpec, true)
    catalogue.set(name, {...spec, attributes})
  }
  for (const [name, {label, names, purpose}] of Object.entries(overlayExactlyOne)) {
    const spec = catalogue.get(name)
    const choices = names ?? facts.components.renderer.paramFieldLocations
    if (spec) catalogue.set(name, {...spec, exactlyOne: {names: choices.filter((choice) => choice in spec.attributes), label, ...(purpose ? {purpose} : {})}})
  }
  return catalogue
}

/** Every component the platform renders, by name (`Tree.Folder` included). */
export const components: ReadonlyMap<string, ComponentSpec> = buildCatalogue()

/** Names suggested for a misspelt component. */
export const componentNames: readonly string[] = [...components.keys()]

/**
 * The platform's container for items named `item` (`Card` gives `CardGroup`): `<Cards>` means the
 * container, never the item. The `<item>Group` component, else the one container that holds only them.
 */
export function containerOf(item: string): string | undefined {
  if (components.has(item + 'Group')) return item + 'Group'
  const holders = [...components.values()].filter((spec) => spec.children?.kind === 'only' && spec.children.names.includes(item))
  return holders.length === 1 ? holders[0]!.name : undefined
}

/** A container of blocks, as the platform's editor has it (`<Note>`, `<Steps>`), not an inline label such as `<Badge>`. */
export function holdsBlocks(name: string): boolean {
  return components.get(name)?.children !== undefined
}
