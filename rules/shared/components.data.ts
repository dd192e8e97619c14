/**
 * The platform's content components as data, shared by `component-attributes`, `component-nesting`,
 * `unknown-component` and `api-examples`.
 *
 * `spec` components are the ones section 2.3 of the platform spec lists. `platform` components are
 * the others the platform ships and documents in its component library (callout variants, layout,
 * API and media helpers); real sites use them, so they are not unknown.
 */

export type AttributeType =
  /** A string literal; `attr={expression}` is accepted (its value is unknown). */
  | 'string'
  /** `attr`, `attr={true}`, `attr={false}`, `attr="true"` or `attr="false"`. */
  | 'boolean'
  /** `attr={3}` or `attr="3"`. */
  | 'number'
  /** Anything: icons (a name or an SVG expression), arrays, objects. */
  | 'any'

export interface AttributeSpec {
  type: AttributeType
  required?: boolean
  /** Allowed string values. */
  values?: readonly string[]
  /** Integer bounds for `number` attributes (both inclusive). */
  integer?: {min: number; max: number}
}

export interface ComponentSpec {
  name: string
  source: 'spec' | 'platform'
  attributes: Readonly<Record<string, AttributeSpec>>
  /** Exactly one of these attributes, with a string value, is required (e.g. the `ParamField` location). */
  exactlyOne?: {names: readonly string[]; label: string}
  /** The only components this one may sit directly inside. */
  parents?: readonly string[]
  /** What this component's children must be: the named components, or fenced code blocks. */
  children?: readonly string[] | 'code'
  /** True when a component without children is a mistake. */
  nonEmpty?: boolean
}

/** Attributes every component accepts. */
export const universalAttributes: readonly string[] = ['className', 'key']

/**
 * Attributes from older docs tools that ask for what the platform's component does anyway or for a
 * look it does not offer: its frame is centred and has a border, so `<Frame center border shadow
 * noborder>` renders as `<Frame>`. Not worth a finding.
 */
export const noOpAttributes: ReadonlyMap<string, readonly string[]> = new Map([['Frame', ['center', 'border', 'noborder', 'shadow']]])

/** Where an attribute that a component ignores belongs, said in its message: the intended look is lost. */
export const misplacedAttributes: ReadonlyMap<string, Readonly<Record<string, string>>> = new Map([
  ['Frame', {width: 'on the `<img>` or in `style`', height: 'on the `<img>` or in `style`'}]
])

const string: AttributeSpec = {type: 'string'}
const requiredString: AttributeSpec = {type: 'string', required: true}
const boolean: AttributeSpec = {type: 'boolean'}
const number: AttributeSpec = {type: 'number'}
const any: AttributeSpec = {type: 'any'}
const icon = {icon: any, iconType: string, iconLibrary: string} as const
const callout = {title: string, ...icon, color: string, ariaLabel: string} as const
const columns: AttributeSpec = {type: 'number', integer: {min: 1, max: 4}}
const field = {
  default: any,
  required: boolean,
  deprecated: boolean,
  hidden: boolean,
  id: string,
  pre: any,
  post: any
} as const

const components: ComponentSpec[] = [
  // Section 2.3 of the platform spec.
  {name: 'Note', source: 'spec', attributes: callout},
  {name: 'Tip', source: 'spec', attributes: callout},
  {name: 'Warning', source: 'spec', attributes: callout},
  {name: 'Info', source: 'spec', attributes: callout},
  {name: 'Check', source: 'spec', attributes: callout},
  {name: 'CodeGroup', source: 'spec', attributes: {dropdown: boolean}, children: 'code', nonEmpty: true},
  {name: 'RequestExample', source: 'spec', attributes: {dropdown: boolean}, children: 'code', nonEmpty: true},
  {name: 'ResponseExample', source: 'spec', attributes: {dropdown: boolean}, children: 'code', nonEmpty: true},
  {name: 'Steps', source: 'spec', attributes: {titleSize: {type: 'string', values: ['p', 'h2', 'h3', 'h4']}}, children: ['Step'], nonEmpty: true},
  {
    name: 'Step',
    source: 'spec',
    attributes: {title: requiredString, ...icon, stepNumber: number, titleSize: {type: 'string', values: ['p', 'h2', 'h3', 'h4']}},
    parents: ['Steps']
  },
  {name: 'Tabs', source: 'spec', attributes: {sync: boolean, borderBottom: boolean, defaultTabIndex: number}, children: ['Tab'], nonEmpty: true},
  {name: 'Tab', source: 'spec', attributes: {title: requiredString, ...icon, id: string}, parents: ['Tabs']},
  {name: 'AccordionGroup', source: 'spec', attributes: {}, children: ['Accordion'], nonEmpty: true},
  // `id` gives the accordion an anchor that links can open it by.
  {name: 'Accordion', source: 'spec', attributes: {title: requiredString, description: string, defaultOpen: boolean, id: string, ...icon}},
  {
    name: 'Card',
    source: 'spec',
    attributes: {
      title: requiredString,
      ...icon,
      color: string,
      href: string,
      horizontal: boolean,
      img: string,
      cta: string,
      arrow: boolean,
      disabled: boolean,
      type: {type: 'string', values: ['info', 'warning', 'note', 'tip', 'check', 'danger']}
    }
  },
  {name: 'CardGroup', source: 'spec', attributes: {cols: columns}, children: ['Card'], nonEmpty: true},
  {
    name: 'ParamField',
    source: 'spec',
    attributes: {
      path: string,
      body: string,
      query: string,
      header: string,
      type: requiredString,
      ...field,
      optional: boolean,
      placeholder: string
    },
    exactlyOne: {names: ['path', 'body', 'query', 'header'], label: 'location attribute'}
  },
  {name: 'ResponseField', source: 'spec', attributes: {name: requiredString, type: requiredString, ...field}},
  {
    name: 'Expandable',
    source: 'spec',
    attributes: {title: requiredString, defaultOpen: boolean, lazy: boolean},
    children: ['ResponseField', 'ParamField'],
    nonEmpty: true
  },
  // `type` is the legacy `type="glass"` style, still common on real sites.
  {name: 'Frame', source: 'spec', attributes: {caption: string, hint: string, type: string, style: any}},
  {name: 'Tooltip', source: 'spec', attributes: {tip: requiredString, headline: string, cta: string, href: string}},
  {name: 'Update', source: 'spec', attributes: {label: requiredString, description: string, tags: any, rss: any}},

  // Shipped by the platform beyond section 2.3.
  {name: 'Danger', source: 'platform', attributes: callout},
  {name: 'Callout', source: 'platform', attributes: {...callout, variant: string}},
  {name: 'Columns', source: 'platform', attributes: {cols: columns, layout: string}},
  {name: 'Column', source: 'platform', attributes: {}, parents: ['Columns']},
  {name: 'Icon', source: 'platform', attributes: {icon: {type: 'any', required: true}, iconType: string, iconLibrary: string, color: string, size: number}},
  {
    name: 'Badge',
    source: 'platform',
    attributes: {color: string, size: string, shape: string, ...icon, stroke: boolean, disabled: boolean}
  },
  {name: 'Panel', source: 'platform', attributes: {}},
  {name: 'View', source: 'platform', attributes: {title: requiredString, ...icon}},
  {name: 'Tile', source: 'platform', attributes: {href: requiredString, title: string, description: string}},
  {name: 'Prompt', source: 'platform', attributes: {description: requiredString, actions: any, ...icon}},
  {name: 'Popup', source: 'platform', attributes: {}, children: ['PopupTrigger', 'PopupContent'], nonEmpty: true},
  {name: 'PopupTrigger', source: 'platform', attributes: {}, parents: ['Popup']},
  {name: 'PopupContent', source: 'platform', attributes: {}, parents: ['Popup']},
  {name: 'Visibility', source: 'platform', attributes: {for: {type: 'string', required: true, values: ['humans', 'agents']}}},
  {name: 'Mention', source: 'platform', attributes: {user: string, page: string}, exactlyOne: {names: ['user', 'page'], label: 'target attribute'}},
  {name: 'Tree', source: 'platform', attributes: {}, children: ['Tree.Folder', 'Tree.File'], nonEmpty: true},
  {
    name: 'Tree.Folder',
    source: 'platform',
    attributes: {name: requiredString, defaultOpen: boolean, openable: boolean},
    parents: ['Tree', 'Tree.Folder'],
    children: ['Tree.Folder', 'Tree.File']
  },
  {name: 'Tree.File', source: 'platform', attributes: {name: requiredString}, parents: ['Tree', 'Tree.Folder']},
  {
    name: 'Color',
    source: 'platform',
    attributes: {variant: {type: 'string', required: true, values: ['compact', 'table']}},
    children: ['Color.Row', 'Color.Item'],
    nonEmpty: true
  },
  {name: 'Color.Row', source: 'platform', attributes: {title: string}, parents: ['Color'], children: ['Color.Item']},
  {name: 'Color.Item', source: 'platform', attributes: {name: string, value: {type: 'any', required: true}}, parents: ['Color', 'Color.Row']},
  {name: 'Timeline', source: 'platform', attributes: {}, children: ['Timeline.Item'], nonEmpty: true},
  {
    name: 'Timeline.Item',
    source: 'platform',
    attributes: {title: requiredString, date: string, color: string, ...icon},
    parents: ['Timeline']
  },
  // The older way to include a snippet, still supported: `<Snippet file="name.mdx" />`.
  {name: 'Snippet', source: 'platform', attributes: {file: requiredString}}
]

export const catalogue: ReadonlyMap<string, ComponentSpec> = new Map(components.map((spec) => [spec.name, spec]))

/** Names suggested for a misspelt component: every catalogue name. */
export const componentNames: readonly string[] = components.map((spec) => spec.name)

/** Components of other docs tools and their platform counterpart: `<Error>` is the platform's `<Danger>`. */
export const counterparts: ReadonlyMap<string, string> = new Map([
  ['Error', 'Danger'],
  ['Alert', 'Warning'],
  ['Caution', 'Warning'],
  ['Important', 'Note'],
  ['Success', 'Check'],
  ['Hint', 'Tip'],
  ['Admonition', 'Callout']
])
