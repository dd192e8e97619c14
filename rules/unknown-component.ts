import type {Pattern, Program} from 'estree'
import {visit, visitParents} from '../src/shared/walk.js'
import {defineRule} from '../src/rule.js'
import {calloutKinds, componentNames, components, containerOf, counterparts, unknownJsx} from '../src/platform/facts.js'
import {isJsxElement, jsxAttribute, tagNamePlace, type JsxElement} from './shared/jsx.js'
import {didYouMean} from './shared/close-match.js'

interface Use {
  node: JsxElement
  count: number
  holds: Set<string>
  /** Used inline at least once: there MDX stops the page, which is worse than a block the platform drops. */
  inline: boolean
}

export default defineRule({
  id: 'unknown-component',
  severity: 'warn',
  summary: 'Capitalised JSX elements are platform components, imported or exported in the page, or declared in the config',
  fixable: false,
  conventions: [{id: 'platform-components', coverage: 'partial'}],
  defaults: {},
  create() {
    return function (tree, {page, report}) {
      const local = new Set<string>(page.components)
      visit(tree, 'mdxjsEsm', (node) => {
        const program = node.data?.estree
        if (program) for (const name of bindingsOf(program)) local.add(name)
      })
      const suggestions = [...componentNames, ...local]
      // One finding per unknown name: the fix (import it, declare it, rename it) is made once.
      const uses = new Map<string, Use>()
      const isUnknown = (name: string): boolean => {
        const root = name.split('.')[0]!
        // Lower-case names are HTML elements (or lower-case objects, `<motion.div>`): not components.
        return /^[A-Z]/.test(root) && !components.has(name) && !local.has(root)
      }

      visitParents(tree, (node, ancestors) => {
        if (!isJsxElement(node) || !node.name || !isUnknown(node.name)) return
        const name = node.name
        // An unknown component inside another is part of the same mistake: the outer one's fix covers it.
        const outer = ancestors.find((ancestor) => isJsxElement(ancestor) && ancestor.name !== null && isUnknown(ancestor.name))
        if (outer && isJsxElement(outer) && outer.name) {
          uses.get(outer.name)?.holds.add(name)
          return
        }
        const inline = node.type === 'mdxJsxTextElement'
        const use = uses.get(name)
        if (use) {
          use.count++
          use.inline ||= inline
        } else {
          uses.set(name, {node, count: 1, holds: new Set(), inline})
        }
      })
      for (const [name, {node, count, holds, inline}] of uses) {
        const counterpart = counterpartOf(name, node)
        const suggestion = counterpart ?? suggest(name, suggestions)
        report({
          message:
            'Unexpected unknown component `<' + name + '>`' + (count > 1 ? ' (used ' + count + ' times on this page)' : '') +
            (holds.size > 0 ? ' holding ' + [...holds].map((held) => '`<' + held + '>`').join(', ') : '') +
            (counterpart
              ? ', expected the platform’s `<' + counterpart + '>`: ' + consequence(inline)
              : suggestion
                ? ', did you mean `<' + suggestion + '>`? ' + capitalise(consequence(inline))
                : ', expected a platform component, an import or export of the page, or a name in the config’s `components`: ' + consequence(inline)),
          place: tagNamePlace(node, page),
          actual: name,
          expected: suggestion,
          // Where another framework's app renders the page, its own components cannot be known.
          holds: 'platform'
        })
      }
    }
  }
})

/**
 * What the reader loses, as the platform's renderer behaves: it drops an unknown block element, and
 * keeps an unknown inline one, for which MDX then throws (`Expected component ... to be defined`).
 */
function consequence(inline: boolean): string {
  const kept = (inline ? unknownJsx.text : unknownJsx.flow) === 'kept'
  return kept ? 'the page fails to render' : 'the platform drops it from the page'
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}

/**
 * The platform's component for another docs tool's: `<Error>` is `<Danger>`. A callout that names its
 * kind (`<Alert type="success">`) gets the callout of that kind, or none when the kind is not one.
 */
function counterpartOf(name: string, node: JsxElement): string | undefined {
  const counterpart = Object.hasOwn(counterparts, name) ? counterparts[name] : undefined
  if (!counterpart) return undefined
  for (const attribute of counterpart.kindAttributes ?? []) {
    const value = jsxAttribute(node, attribute)
    if (value.kind === 'unknown') return undefined
    if (value.kind === 'text') {
      const kind = value.text.trim().toLowerCase()
      return Object.hasOwn(calloutKinds, kind) ? calloutKinds[kind] : undefined
    }
  }
  return counterpart.component
}

/**
 * The nearest known name, but never an item for its container nor a container for its items: `<Cards>`
 * means a group of cards (`<CardGroup>`), not `<Card>`; `<Column>` is not `<Columns>`. The plural of an
 * item without a container (`<Notes>`) may well be the item.
 */
function suggest(name: string, candidates: readonly string[]): string | undefined {
  const singular = [name.slice(0, -1), name.slice(0, -2)].find((candidate) => /s$/.test(name) && components.has(candidate))
  const container = singular === undefined ? undefined : containerOf(singular)
  // A transposition (`Stpes`) costs as much as a deletion: names of the same length are nearer.
  const others = candidates.filter((known) => !isOwnContainer(known, name)).sort((a, b) => Math.abs(a.length - name.length) - Math.abs(b.length - name.length))
  return container ?? didYouMean(name, others)
}

/** `Columns` for `Column`: a container is never the right name for the items inside it. */
function isOwnContainer(known: string, name: string): boolean {
  return known === name + 's' || known === name + 'Group' || known === name + 'es'
}

/** Names an MDX page's `import` and `export` statements bind. */
function bindingsOf(program: Program): string[] {
  const names: string[] = []
  for (const statement of program.body) {
    if (statement.type === 'ImportDeclaration') {
      for (const specifier of statement.specifiers) names.push(specifier.local.name)
    } else if (statement.type === 'ExportNamedDeclaration' && statement.declaration) {
      const declaration = statement.declaration
      if (declaration.type === 'VariableDeclaration') {
        for (const declarator of declaration.declarations) names.push(...patternNames(declarator.id))
      } else if (declaration.id) {
        names.push(declaration.id.name)
      }
    } else if (statement.type === 'ExportDefaultDeclaration') {
      const declaration = statement.declaration
      if ((declaration.type === 'FunctionDeclaration' || declaration.type === 'ClassDeclaration') && declaration.id) {
        names.push(declaration.id.name)
      }
    }
  }
  return names
}

function patternNames(pattern: Pattern): string[] {
  switch (pattern.type) {
    case 'Identifier': {
      return [pattern.name]
    }
    case 'ObjectPattern': {
      return pattern.properties.flatMap((property) => patternNames(property.type === 'RestElement' ? property.argument : property.value))
    }
    case 'ArrayPattern': {
      return pattern.elements.flatMap((element) => (element ? patternNames(element) : []))
    }
    case 'RestElement': {
      return patternNames(pattern.argument)
    }
    case 'AssignmentPattern': {
      return patternNames(pattern.left)
    }
    default: {
      return []
    }
  }
}
