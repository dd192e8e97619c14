import {visit} from '../src/shared/walk.js'
import {defineRule, type RuleContext} from '../src/rule.js'
import {components, misplacedAttributes, noOpAttributes, universalAttributes, type AttributeSpec, type ComponentSpec} from '../src/platform/facts.js'
import {isJsxElement, tagNamePlace, type JsxElement} from './shared/jsx.js'
import {didYouMean} from './shared/close-match.js'
import {wordListSchema} from './shared/options.js'

type JsxAttribute = Extract<JsxElement['attributes'][number], {type: 'mdxJsxAttribute'}>

interface Options {
  /** Report attributes a catalogue component does not have. */
  unknownAttributes: boolean
  /** More attributes to accept per component, e.g. `{"Frame": ["border"]}`. */
  allowAttributes: Record<string, string[]>
}

type Value =
  | {kind: 'flag'}
  | {kind: 'string'; text: string}
  /** `{…}`: `literal` is set when the expression is a plain number, boolean or quoted string. */
  | {kind: 'expression'; text: string; literal: number | boolean | string | undefined}

export default defineRule<Options>({
  id: 'component-attributes',
  severity: 'error',
  summary: 'Platform components have their required attributes, with values of the right type, and no unknown ones',
  fixable: false,
  conventions: [{id: 'platform-components', coverage: 'partial'}],
  options: {
    type: 'object',
    properties: {
      unknownAttributes: {type: 'boolean'},
      allowAttributes: {
        type: 'object',
        additionalProperties: wordListSchema
      }
    },
    additionalProperties: false
  },
  defaults: {unknownAttributes: true, allowAttributes: {}},
  create(options) {
    const extra = new Map(Object.entries(options.allowAttributes).map(([name, list]) => [name, new Set(list)]))
    return function (tree, context) {
      const checker = new ElementChecker(context, options, extra)
      visit(tree, (node) => {
        if (!isJsxElement(node) || !node.name) return
        const spec = components.get(node.name)
        if (spec) checker.checkElement(node, spec)
      })
    }
  }
})

/** Checks the elements of one page against the catalogue, reporting through the page's context. */
class ElementChecker {
  private readonly page: RuleContext['page']
  private readonly report: RuleContext['report']

  constructor(context: RuleContext, private readonly options: Options, private readonly extra: ReadonlyMap<string, ReadonlySet<string>>) {
    this.page = context.page
    this.report = context.report
  }

  checkElement(node: JsxElement, spec: ComponentSpec): void {
    const tag = '`<' + spec.name + '>`'
    const namePlace = tagNamePlace(node, this.page)
    // `{...props}` may supply any attribute: nothing can be said to be missing.
    const spread = node.attributes.some((attribute) => attribute.type === 'mdxJsxExpressionAttribute')
    const present = new Map<string, JsxAttribute>()
    const location = spec.exactlyOne ? new Set(spec.exactlyOne.names) : undefined
    const locations: JsxAttribute[] = []

    const unknown: JsxAttribute[] = []
    for (const attribute of node.attributes) {
      if (attribute.type !== 'mdxJsxAttribute') continue
      const name = attribute.name
      present.set(name, attribute)
      const attributeSpec = Object.hasOwn(spec.attributes, name) ? spec.attributes[name] : undefined
      if (!attributeSpec) {
        if (name === 'id' && spec.id === 'dropped') {
          if (this.options.unknownAttributes) this.reportDroppedId(attribute, tag)
          continue
        }
        if (
          this.options.unknownAttributes &&
          // Only the editor's list is the platform's whole list: the display components take more.
          spec.closedAttributes &&
          !universalAttributes.includes(name) &&
          !this.extra.get(spec.name)?.has(name) &&
          !noOpAttributes.get(spec.name)?.includes(name)
        ) {
          unknown.push(attribute)
        }
        continue
      }
      if (location?.has(name)) locations.push(attribute)
      // The platform reads `iconType` only for a Font Awesome icon name: beside an image or SVG, any value is ignored.
      if (name === 'iconType' && !isIconName(node)) continue
      this.checkValue(attribute, attributeSpec, tag, attributeSpec.required === true || location?.has(name) === true)
    }

    const missing = spread
      ? []
      : Object.entries(spec.attributes).filter(
          ([name, attributeSpec]) =>
            attributeSpec.required && !present.has(name)
        )
    // One unknown attribute where one required attribute is missing: the same mistake, a misnamed attribute.
    const misnamed = missing.length === 1 && unknown.length === 1 && valueOf(unknown[0]!).kind !== 'flag' ? unknown[0] : undefined
    if (misnamed) {
      const [name, attributeSpec] = missing[0]!
      this.report({
        message: 'Unexpected attribute `' + misnamed.name + '` on ' + tag + ', expected `' + name + '`: ' + tag + ' needs ' + describe(attributeSpec, true) + ' in `' + name + '`',
        place: misnamed.position,
        actual: misnamed.name,
        expected: name
      })
      return
    }
    if (unknown.length > 0) this.reportUnknown(unknown, spec, tag)

    for (const [name, attributeSpec] of missing) {
      this.report({
        message: 'Missing `' + name + '` on ' + tag + ', expected ' + describe(attributeSpec, true),
        place: namePlace,
        expected: name
      })
    }
    if (spec.exactlyOne) {
      const names = list(spec.exactlyOne.names, 'or')
      if (locations.length === 0) {
        this.report({
          message: 'Missing ' + spec.exactlyOne.label + ' on ' + tag + ', expected one of ' + names + (spec.exactlyOne.purpose ? ' ' + spec.exactlyOne.purpose : ''),
          place: namePlace,
          expected: [...spec.exactlyOne.names]
        })
      }
      for (const extraLocation of locations.slice(1)) {
        this.report({
          message: 'Unexpected second ' + spec.exactlyOne.label + ' `' + extraLocation.name + '` on ' + tag + ', expected only one of ' + names,
          place: extraLocation.position,
          actual: extraLocation.name
        })
      }
    }
  }

  /** The renderer drops `id` on this component: an anchor the page or another links to never exists. */
  private reportDroppedId(attribute: JsxAttribute, tag: string): void {
    this.report({
      message: 'Unexpected `id` on ' + tag + ', expected none: the platform drops it, so no link can land on it',
      place: attribute.position,
      level: 'warn',
      actual: 'id'
    })
  }

  /** One finding per element, however many of its attributes are unknown. */
  private reportUnknown(attributes: JsxAttribute[], spec: ComponentSpec, tag: string): void {
    const known = [...Object.keys(spec.attributes), ...(this.extra.get(spec.name) ?? [])].filter((name) => !universalAttributes.includes(name))
    // The message names the attributes a writer sets, not the display component's own (`basePath`).
    const listed = known.filter((name) => spec.attributes[name]?.listed !== false)
    const names = attributes.map((attribute) => attribute.name)
    const suggestion = attributes.length === 1 ? didYouMean(names[0]!, known) : undefined
    const first = attributes[0]!.position
    const last = attributes.at(-1)!.position
    this.report({
      message:
        'Unexpected unknown ' + (attributes.length === 1 ? 'attribute ' : 'attributes ') + list(names, 'and') + ' on ' + tag +
        (suggestion
          ? ', did you mean `' + suggestion + '`?'
          : listed.length === 0
            ? ', expected no attributes'
            : ', expected ' + (attributes.length === 1 ? 'one' : 'only some') + ' of ' + list(listed.sort(), 'or')) +
        names.map((name) => placeHint(spec, name)).join(''),
      place: first && last ? {start: first.start, end: last.end} : first,
      // The issue asks that unknown attributes warn while wrong required ones are errors.
      level: 'warn',
      actual: names.join(' '),
      expected: suggestion
    })
  }

  private checkValue(attribute: JsxAttribute, spec: AttributeSpec, tag: string, nonEmpty: boolean): void {
    const value = valueOf(attribute)
    const shown = show(attribute, value)
    const wrong = (level?: 'warn'): void => {
      this.report({
        message: 'Unexpected ' + shown + ' on ' + tag + ', expected ' + describe(spec, nonEmpty) + valueExample(attribute.name, spec),
        place: attribute.position,
        actual: shown,
        ...(level ? {level} : {})
      })
    }
    // A value outside a set only the display component's types give (the editor takes any) may be
    // one the platform ignores (`iconType` beside an image icon): a warning, not an error.
    const outsideSet = (): void => wrong(spec.valuesFromTypesOnly ? 'warn' : undefined)
    switch (spec.type) {
      case 'any': {
        return
      }
      case 'boolean': {
        if (value.kind === 'string' && value.text !== 'true' && value.text !== 'false') wrong()
        else if (value.kind === 'expression' && (typeof value.literal === 'number' || typeof value.literal === 'string')) wrong()
        return
      }
      case 'number': {
        const number =
          value.kind === 'string' ? (value.text.trim() === '' ? NaN : Number(value.text))
            : value.kind === 'expression' ? (typeof value.literal === 'number' ? value.literal : typeof value.literal === 'undefined' ? undefined : NaN)
              : NaN
        if (number === undefined) return
        if (Number.isNaN(number)) wrong()
        else if (spec.values && !spec.values.includes(number)) outsideSet()
        return
      }
      case 'string': {
        if (value.kind === 'flag') {
          wrong()
          return
        }
        // `default={20}` shows as text: only a fixed set of values makes a number or boolean wrong.
        const text = value.kind === 'string' ? value.text : value.literal === undefined ? undefined : String(value.literal)
        if (text !== undefined && nonEmpty && text.trim() === '') {
          this.report({
            message: 'Unexpected empty `' + attribute.name + '` on ' + tag + ', expected ' + describe(spec, true),
            place: attribute.position,
            actual: shown
          })
        } else if (text !== undefined && spec.values && !spec.values.includes(text)) {
          outsideSet()
        }
      }
    }
  }
}

/** Whether an element's `icon` is a name from an icon library (`rocket`), not an element, a URL or a path. */
function isIconName(node: JsxElement): boolean {
  const icon = node.attributes.find((attribute) => attribute.type === 'mdxJsxAttribute' && attribute.name === 'icon') as JsxAttribute | undefined
  if (!icon) return true
  const value = valueOf(icon)
  const text = value.kind === 'string' ? value.text : value.kind === 'expression' && typeof value.literal === 'string' ? value.literal : undefined
  return text !== undefined && !/[/.:<]/.test(text)
}

function valueOf(attribute: JsxAttribute): Value {
  const value = attribute.value
  if (value === null || value === undefined) return {kind: 'flag'}
  if (typeof value === 'string') return {kind: 'string', text: value}
  const text = value.value.trim()
  let literal: number | boolean | string | undefined
  if (/^-?\d+(\.\d+)?$/.test(text)) literal = Number(text)
  else if (text === 'true' || text === 'false') literal = text === 'true'
  else if (/^(["'`])[^"'`\\$]*\1$/.test(text)) literal = text.slice(1, -1)
  return {kind: 'expression', text, literal}
}

function show(attribute: JsxAttribute, value: Value): string {
  if (value.kind === 'flag') return '`' + attribute.name + '` without a value'
  const written = value.kind === 'string' ? JSON.stringify(value.text) : '{' + value.text + '}'
  return '`' + attribute.name + '=' + written + '`'
}

function describe(spec: AttributeSpec, nonEmpty: boolean): string {
  if (spec.values) return 'one of ' + list(spec.values.map(String), 'or')
  if (spec.type === 'boolean') return 'a boolean'
  if (spec.type === 'number') return 'a number'
  if (spec.type === 'string') return nonEmpty ? 'a non-empty string' : 'a string'
  return 'a value'
}

function valueExample(name: string, spec: AttributeSpec): string {
  if (spec.type === 'boolean') return ' such as `' + name + '` or `' + name + '={false}`'
  if (spec.type === 'number' && spec.values?.[0] !== undefined) return ' such as `' + name + '={' + String(spec.values[0]) + '}`'
  return ''
}

function list(names: readonly string[], conjunction: 'or' | 'and'): string {
  const quoted = names.map((name) => '`' + name + '`')
  return quoted.length <= 1 ? quoted.join('') : quoted.slice(0, -1).join(', ') + ' ' + conjunction + ' ' + quoted.at(-1)
}

function placeHint(spec: ComponentSpec, attribute: string): string {
  const place = misplacedAttributes.get(spec.name)?.[attribute]
  return place ? ': set `' + attribute + '` ' + place : ''
}
