import type {Nodes, Parents, RootContent} from 'mdast'
import {visitParents} from '../src/walk.js'
import {defineRule} from '../src/rule.js'
import {catalogue, type ComponentSpec} from './shared/components.data.js'
import {isJsxElement, tagNamePlace, type JsxElement} from './shared/jsx.js'

export default defineRule({
  id: 'component-nesting',
  severity: 'error',
  summary: 'Platform components sit in the parents they need (`Step` in `Steps`) and hold the children they expect',
  fixable: false,
  defaults: {},
  create() {
    return function (tree, {page, report}) {
      visitParents(tree, (node, ancestors) => {
        if (!isJsxElement(node) || !node.name) return
        const spec = catalogue.get(node.name)
        if (!spec) return
        if (spec.parents) checkParent(node, spec.name, spec.parents, ancestors)
        if (spec.children) checkChildren(node, spec, spec.children)
      })

      function checkParent(node: JsxElement, name: string, parents: readonly string[], ancestors: Parents[]): void {
        // A one-line `<Step title="…">text</Step>` is an inline element in a paragraph of its parent.
        const parent = [...ancestors].reverse().find((ancestor) => ancestor.type !== 'paragraph')
        if (!parent) return
        if (isJsxElement(parent) && parent.name && parents.includes(parent.name)) return
        // A snippet's top-level steps or tabs land inside the `<Steps>` or `<Tabs>` of the page that imports it.
        if (parent.type === 'root' && page.isSnippet) return
        report({
          message: 'Unexpected `<' + name + '>` ' + where(parent) + ', expected it directly inside ' + parents.map((parentName) => '`<' + parentName + '>`').join(' or '),
          place: tagNamePlace(node, page),
          expected: [...parents]
        })
      }

      function checkChildren(node: JsxElement, spec: ComponentSpec, allowed: readonly string[] | 'code'): void {
        const expected = allowed === 'code' ? 'fenced code blocks' : allowed.map((name) => '`<' + name + '>`').join(' or ') + ' elements'
        let count = 0
        const unexpected: RootContent[] = []
        for (const child of contentOf(node.children)) {
          count++
          if (allowed === 'code' ? child.type === 'code' : isJsxElement(child) && child.name !== null && allowed.includes(child.name)) continue
          if (isJsxElement(child) && child.name) {
            const childSpec = catalogue.get(child.name)
            // Imported and custom components may render the expected children; a misplaced `<Step>` is
            // reported by its own parent check.
            if (!childSpec || childSpec.parents) continue
          }
          if (child.type === 'mdxFlowExpression' || child.type === 'mdxTextExpression') continue
          unexpected.push(child)
        }
        const first = unexpected[0]
        if (first) {
          // One finding per container: a misplaced closing tag puts every following block inside it.
          const found = [...new Set(unexpected.map(describe))]
          report({
            message: 'Unexpected ' + joinAnd(found) + ' in `<' + spec.name + '>`, expected only ' + expected,
            place: isJsxElement(first) ? tagNamePlace(first, page) : first.position,
            // Text, a table or a list among a container's items still renders; a wrong component, or
            // anything but code in a code group (which shows code blocks as tabs), may not.
            level: unexpected.some(isJsxElement) || allowed === 'code' ? 'error' : 'warn'
          })
        }
        if (count === 0 && spec.nonEmpty) {
          const one = allowed === 'code' ? 'one fenced code block' : 'one `<' + allowed[0] + '>`'
          report({
            message: 'Unexpected empty `<' + spec.name + '>`, expected at least ' + one,
            place: tagNamePlace(node, page),
            level: 'warn'
          })
        }
      }
    }
  }
})

/**
 * The children that count: white space and `{/* comments *\/}` do not, and the inline content of a
 * paragraph counts as the one piece of text it shows, beside the inline elements it holds.
 */
function contentOf(children: readonly RootContent[]): RootContent[] {
  const content: RootContent[] = []
  for (const child of children) {
    if (child.type === 'text' && child.value.trim() === '') continue
    if ((child.type === 'mdxFlowExpression' || child.type === 'mdxTextExpression') && isComment(child.value)) continue
    if (child.type === 'paragraph') {
      const inline = contentOf(child.children)
      const elements = inline.filter((item) => isJsxElement(item) || item.type === 'mdxTextExpression')
      if (elements.length < inline.length) content.push(child)
      content.push(...elements)
      continue
    }
    content.push(child)
  }
  return content
}

function isComment(expression: string): boolean {
  // Comments only. A lazy `[\s\S]*?` may run past a `*/`, so `(\/\*[\s\S]*?\*\/\s*)*` accepts exactly one
  // span from the first `/*` to the last `*/`: matched as one span, it is not split every way (exponential).
  return /^\s*(?:\/\*[\s\S]*\*\/\s*)?$/.test(expression)
}

const kinds: Partial<Record<Nodes['type'], string>> = {
  paragraph: 'text',
  heading: 'heading',
  list: 'list',
  code: 'code block',
  blockquote: 'block quote',
  thematicBreak: 'thematic break',
  table: 'table',
  image: 'image',
  html: 'HTML',
  mdxjsEsm: 'import or export'
}

function describe(node: RootContent): string {
  if (isJsxElement(node)) return node.name ? '`<' + node.name + '>`' : 'fragment'
  return kinds[node.type] ?? 'text'
}

function joinAnd(items: readonly string[]): string {
  return items.length <= 1 ? items.join('') : items.slice(0, -1).join(', ') + ' and ' + items.at(-1)
}

function where(parent: Parents): string {
  if (isJsxElement(parent)) return parent.name ? 'inside `<' + parent.name + '>`' : 'inside a fragment'
  if (parent.type === 'root') return 'at the top level'
  if (parent.type === 'listItem' || parent.type === 'list') return 'inside a list'
  if (parent.type === 'blockquote') return 'inside a block quote'
  return 'inside a ' + parent.type
}
