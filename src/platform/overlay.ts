/**
 * What docs-lint knows of the platform's components that none of its packages says, kept by hand
 * beside the generated facts (src/platform/facts.generated.json, written by scripts/sync-platform.mjs).
 * Every entry carries its reason. A test checks that each component here is absent from the generated
 * facts and each attribute absent from its component there: when the platform's packages learn one,
 * it leaves this file.
 */

export type OverlayAttributeType = 'string' | 'boolean' | 'number' | 'any'

export interface OverlayAttribute {
  type: OverlayAttributeType
  values?: readonly string[]
  required?: boolean
  reason: string
}

export interface OverlayComponent {
  reason: string
  attributes?: Readonly<Record<string, OverlayAttribute>>
  /** The only components it holds. */
  children?: readonly string[]
  /** The components it sits directly inside. */
  parents?: readonly string[]
}

const platformDocs = 'the platform documents it in its component library'

/** Components the platform documents that no package lists. */
export const overlayComponents: Readonly<Record<string, OverlayComponent>> = {
  Timeline: {
    reason: platformDocs + ' (components/timeline); its renderer is not in the published packages',
    children: ['Timeline.Item']
  },
  'Timeline.Item': {
    reason: platformDocs + ' (components/timeline)',
    parents: ['Timeline'],
    attributes: {
      title: {type: 'string', required: true, reason: 'documented as required'},
      date: {type: 'string', reason: 'documented'},
      color: {type: 'string', values: ['gray', 'blue', 'green', 'yellow', 'orange', 'red', 'purple'], reason: 'documented with these options'},
      icon: {type: 'any', reason: 'documented (icons-optional)'},
      iconType: {type: 'string', reason: 'documented (icons-optional)'},
      iconLibrary: {type: 'string', reason: 'documented (icons-optional)'}
    }
  },
  Mention: {
    reason: platformDocs + ' (components/mention); the editor inserts it, the published packages do not list it',
    attributes: {
      user: {type: 'string', reason: 'documented: a teammate\'s email address'},
      page: {type: 'string', reason: 'documented: the path of a page'}
    }
  }
}

/** Attributes the platform documents on components the packages know without them. */
export const overlayAttributes: Readonly<Record<string, Readonly<Record<string, OverlayAttribute>>>> = {
  Frame: {
    hint: {type: 'string', reason: 'documented (components/frames): text shown before the frame'},
    type: {type: 'string', reason: 'the older `type="glass"` frame style, still common on real sites'}
  },
  'GitHub.Repo': {
    repo: {type: 'string', reason: 'documented (components/github): an `owner/name` slug or a GitHub URL'},
    variant: {type: 'string', values: ['inset', 'flat'], reason: 'documented with these options'}
  }
}

/** Components the platform documents as another's older name: the same attributes and children. */
export const overlayAliases: Readonly<Record<string, {sameAs: string; reason: string}>> = {
  CardGroup: {sameAs: 'Columns', reason: 'the platform documents "the `CardGroup` | `Columns` component" (components/card-groups): one component under two names'}
}

/** Exactly one of these attributes is set: docs-lint's reading of how the platform documents them. */
export const overlayExactlyOne: Readonly<Record<string, {label: string; reason: string; names?: readonly string[]; purpose?: string}>> = {
  // The names are the renderer's `paramFieldLocations` (the generated facts); only the rule is ours.
  ParamField: {label: 'location attribute', purpose: 'naming the parameter', reason: 'the platform\'s endpoint parser (rehypeMdxExtractEndpoint parseField) takes the parameter\'s name from one location attribute, and drops a field with none or two'},
  Mention: {label: 'target attribute', names: ['user', 'page'], reason: 'documented: "provide exactly one of `user` or `page`"'}
}

/** Attributes every component accepts. */
export const universalAttributes: {names: readonly string[]; reason: string} = {
  names: ['className', 'key'],
  reason: 'React\'s own `key`, and `className` for the site\'s CSS, which every display component takes'
}

/**
 * Attributes that ask for what the component does anyway or for a look it does not offer: not worth a
 * finding. docs-lint's own judgement, no platform fact.
 */
export const noOpAttributes: Readonly<Record<string, {names: readonly string[]; reason: string}>> = {
  Frame: {
    names: ['center', 'border', 'noborder', 'shadow'],
    reason: 'left by older docs tools: the platform\'s frame is centred and has a border, so `<Frame center border shadow noborder>` renders as `<Frame>`'
  },
  ParamField: {names: ['optional'], reason: 'restates the default: a field without `required` is optional'},
  ResponseField: {names: ['optional'], reason: 'restates the default: a field without `required` is optional'}
}

/** Where an attribute that a component ignores belongs, said in its message: the intended look is lost. */
export const misplacedAttributes: Readonly<Record<string, {places: Readonly<Record<string, string>>; reason: string}>> = {
  Frame: {
    places: {width: 'on the `<img>` or in `style`', height: 'on the `<img>` or in `style`'},
    reason: 'the frame sizes itself to its content: the size belongs to the image'
  }
}

export interface Counterpart {
  /** The platform's component, when the other tool's one has a single counterpart. */
  component?: string
  /** Read the other tool's callout kind from these attributes (`<Alert type="success">` is `<Check>`). */
  kindAttributes?: readonly string[]
  reason: string
}

/** Callout kinds of other docs tools and the platform's callout for each. */
export const calloutKinds: {kinds: Readonly<Record<string, string>>; reason: string} = {
  reason: 'the kinds Docusaurus admonitions, GitHub alerts and MUI, Chakra or Fumadocs alerts take, by the platform callout that looks and means the same',
  kinds: {
    note: 'Note',
    info: 'Info',
    information: 'Info',
    tip: 'Tip',
    hint: 'Tip',
    success: 'Check',
    check: 'Check',
    warning: 'Warning',
    warn: 'Warning',
    caution: 'Warning',
    danger: 'Danger',
    error: 'Danger',
    important: 'Note'
  }
}

const kindAttributes = ['type', 'variant', 'severity', 'status', 'kind']

/**
 * Components of other docs tools (Docusaurus, GitHub alerts, Nextra, Fumadocs, MUI) and the platform's
 * counterpart, for the did-you-mean of unknown-component. A generic `<Alert>` names its kind in an
 * attribute; without one it has no single counterpart, and a wrong suggestion is worse than none.
 */
export const counterparts: Readonly<Record<string, Counterpart>> = {
  Error: {component: 'Danger', reason: 'the error callout of other tools'},
  Caution: {component: 'Warning', reason: 'GitHub alerts and Docusaurus: a caution is a warning'},
  Important: {component: 'Note', reason: 'GitHub alerts: information the reader needs'},
  Success: {component: 'Check', reason: 'the success callout of other tools'},
  Hint: {component: 'Tip', reason: 'a hint is a tip'},
  Alert: {kindAttributes, reason: 'MUI, Chakra and Fumadocs alerts name their kind in `type`, `variant`, `severity` or `status`'},
  Admonition: {component: 'Callout', kindAttributes, reason: 'Docusaurus admonitions name their kind in `type`'}
}
