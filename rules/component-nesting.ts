import type {Nodes, Parents, RootContent} from 'mdast'
import {visitParents} from '../src/shared/walk.js'
import {joinAnd} from '../src/shared/text.js'
import {defineRule} from '../src/rule.js'
import {codeBlockComponent, components, type ChildrenSpec, type ComponentSpec} from '../src/platform/facts.js'
import {isJsxElement, tagNamePlace, type JsxElement} from './shared/jsx.js'

type OnlyChildren = Extract<ChildrenSpec, {kind: 'only'}>

export default defineRule({
  id: 'component-nesting',
  severity: 'error',
  summary: 'Platform components sit in the parents they need (`Step` in `Steps`) and hold the children they expect',
  fixable: false,
  conventions: [{id: 'platform-components', coverage: 'partial'}],
  defaults: {},
  create() {
    return function (tree, {page, report}) {
      visitParents(tree, (node, ancestors) => {
        if (!isJsxElement(node) || !node.name) return
        const spec = components.get(node.name)
        if (!spec) return
        if (spec.parents) checkParent(node, spec.name, spec.parents, ancestors)
        if (spec.children?.kind === 'only') checkChildren(node, spec, spec.children)
      })

      function checkParent(node: JsxElement, name: string, parents: readonly string[], ancestors: Parents[]): void {
        // A one-line `<Step title="…">text</Step>` is an inline element in a paragraph of its parent, and
        // a fragment is transparent: the platform's container flattens it.
        const parent = [...ancestors].reverse().find((ancestor) => ancestor.type !== 'paragraph' && !(isJsxElement(ancestor) && ancestor.name === null))
        if (!parent) return
        if (isJsxElement(parent) && parent.name && (parents.includes(parent.name) || mayRenderAnything(parent.name))) return
        // A snippet's top-level steps or tabs land inside the `<Steps>` or `<Tabs>` of the page that imports it.
        if (parent.type === 'root' && page.isSnippet) return
        report({
          message: 'Unexpected `<' + name + '>` ' + where(parent) + ', expected it directly inside ' + parents.map((parentName) => '`<' + parentName + '>`').join(' or '),
          place: tagNamePlace(node, page),
          expected: [...parents]
        })
      }

      function checkChildren(node: JsxElement, spec: ComponentSpec, allowed: OnlyChildren): void {
        let count = 0
        const unexpected: RootContent[] = []
        for (const child of contentOf(node.children)) {
          count++
          if (isAllowed(child, allowed)) continue
          unexpected.push(child)
        }
        const first = unexpected[0]
        if (first) {
          // One finding per container: a misplaced closing tag puts every following block inside it.
          const found = [...new Set(unexpected.map(describe))]
          report({
            message: 'Unexpected ' + joinAnd(found) + ' in `<' + spec.name + '>`, expected only ' + expectedChildren(allowed),
            place: isJsxElement(first) ? tagNamePlace(first, page) : first.position,
            // Text, a table or a list among a container's items still renders; a wrong component, or
            // anything but code in a code group (which shows code blocks as tabs), may not.
            level: unexpected.some(isJsxElement) || codeOnly(allowed) ? 'error' : 'warn'
          })
        }
        // A member of a family (`<Tree.Folder>`) may be empty; a container of its own (`<Steps>`) may not.
        if (count === 0 && !spec.name.includes('.')) {
          const one = codeOnly(allowed) ? 'one fenced code block' : 'one `<' + allowed.names[0] + '>`'
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
 * A child the container takes: one of its components, code or a list where it holds them, an
 * expression (`{steps.map(…)}`), HTML, and any component that may render the expected children:
 * a snippet (`<Snippet file>`, an import), the page's own or an unknown one (unknown-component reports
 * those). A platform component that needs another parent (`<Step>` in `<Tabs>`) is reported by its own
 * parent check.
 */
function isAllowed(child: RootContent, allowed: OnlyChildren): boolean {
  if (child.type === 'mdxFlowExpression' || child.type === 'mdxTextExpression') return true
  if (child.type === 'code') return allowed.code
  if (child.type === 'list') return allowed.lists
  if (!isJsxElement(child)) return false
  if (child.name === null || allowed.names.includes(child.name) || (allowed.code && child.name === codeBlockComponent)) return true
  if (/^[a-z]/.test(child.name) || mayRenderAnything(child.name)) return true
  return components.get(child.name)?.parents !== undefined
}

/** Not a platform component, or one the platform replaces by other content (`<Snippet>`): it may be anything. */
function mayRenderAnything(name: string): boolean {
  const spec = components.get(name)
  return spec === undefined || spec.replaced
}

function codeOnly(allowed: OnlyChildren): boolean {
  return allowed.code && allowed.names.length === 0
}

function expectedChildren(allowed: OnlyChildren): string {
  const kinds = [
    ...(allowed.names.length > 0 ? [allowed.names.map((name) => '`<' + name + '>`').join(' or ') + ' elements'] : []),
    ...(allowed.code ? ['fenced code blocks'] : []),
    ...(allowed.lists ? ['Markdown lists'] : [])
  ]
  return kinds.join(' or ')
}

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

function where(parent: Parents): string {
  if (isJsxElement(parent)) return parent.name ? 'inside `<' + parent.name + '>`' : 'inside a fragment'
  if (parent.type === 'root') return 'at the top level'
  if (parent.type === 'listItem' || parent.type === 'list') return 'inside a list'
  if (parent.type === 'blockquote') return 'inside a block quote'
  return 'inside a ' + parent.type
}
