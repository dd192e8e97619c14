import type {Pattern, Program} from 'estree'
import {visit, visitParents} from '../src/walk.js'
import {defineRule} from '../src/rule.js'
import {catalogue, componentNames, counterparts} from './shared/components.data.js'
import {isJsxElement, tagNamePlace} from './shared/jsx.js'
import {didYouMean} from './shared/close-match.js'

export default defineRule({
  id: 'unknown-component',
  severity: 'warn',
  summary: 'Capitalised JSX elements are platform components, imported or exported in the page, or declared in the config',
  fixable: false,
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
      const uses = new Map<string, {node: Parameters<typeof tagNamePlace>[0]; count: number; holds: Set<string>}>()
      const isUnknown = (name: string): boolean => {
        const root = name.split('.')[0]!
        // Lower-case names are HTML elements (or lower-case objects, `<motion.div>`): not components.
        return /^[A-Z]/.test(root) && !catalogue.has(name) && !local.has(root)
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
        const use = uses.get(name)
        if (use) use.count++
        else uses.set(name, {node, count: 1, holds: new Set()})
      })
      for (const [name, {node, count, holds}] of uses) {
        const counterpart = counterparts.get(name)
        const suggestion = counterpart ?? didYouMean(name, suggestions.filter((known) => !isOwnContainer(known, name)))
        report({
          message:
            'Unexpected unknown component `<' + name + '>`' + (count > 1 ? ' (used ' + count + ' times on this page)' : '') +
            (holds.size > 0 ? ' holding ' + [...holds].map((held) => '`<' + held + '>`').join(', ') : '') +
            (counterpart
              ? ', expected the platform’s `<' + counterpart + '>`'
              : suggestion
                ? ', did you mean `<' + suggestion + '>`?'
                : ', expected a platform component, an import or export of the page, or a name in the config’s `components`'),
          place: tagNamePlace(node, page),
          actual: name,
          expected: suggestion
        })
      }
    }
  }
})

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
