import type {Nodes} from 'mdast'
import {visitParents} from '../src/shared/walk.js'
import {defineRule, type TextEdit} from '../src/rule.js'
import type {Page} from '../src/page/page.js'
import {htmlComponentRanges, htmlTagsIn, isJsxElement, jsxAttribute} from './shared/jsx.js'
import {inRanges} from './shared/positions.js'

const imgTag = new Set(['img'])
/** Components that frame the image they hold: `<Tile>` shows it as the tile's preview, in a frame of its own. */
const framing = new Set(['Frame', 'Tile'])

/** A node that shows an image: Markdown images, `<img>` elements, and `<img>` tags in `.md` pages. */
function isImage(node: Nodes, page: Page): boolean {
  if (node.type === 'image' || node.type === 'imageReference') return true
  if (isJsxElement(node)) return node.name === 'img'
  return node.type === 'html' && page.kind === 'md' && htmlTagsIn(node, page, imgTag).length > 0
}

function isBlank(node: Nodes): boolean {
  return (node.type === 'text' && node.value.trim() === '') || node.type === 'break'
}

/** `className="block dark:hidden"` swaps images by theme: a frame around each would show an empty frame. */
function themeSwitched(node: Nodes, page: Page): boolean {
  let className: string | undefined
  if (isJsxElement(node)) {
    const value = jsxAttribute(node, 'className')
    className = value.kind === 'text' ? value.text : undefined
  } else if (node.type === 'html') {
    const tag = htmlTagsIn(node, page, imgTag)[0]
    className = tag?.attributes.get('class') ?? tag?.attributes.get('classname') ?? undefined
  }
  return className !== undefined && /(?:^|\s)(?:dark:)?(?:hidden|block)(?:\s|$)/.test(className)
}

/**
 * A status badge (stars, build, version): served by a badge service or at a `badge` path. It is a
 * label, not a screenshot, and the frame is for screenshots.
 */
const badgeSource = /^https?:\/\/(?:[\w-]+\.)*(?:shields\.io|badgen\.net|badge\.fury\.io)\/|\/badges?(?:\.svg|\/|\?|$)/i

function sourceOf(node: Nodes, page: Page): string | undefined {
  if (node.type === 'image') return node.url
  if (isJsxElement(node)) {
    const value = jsxAttribute(node, 'src')
    return value.kind === 'text' ? value.text : undefined
  }
  if (node.type === 'html') return htmlTagsIn(node, page, imgTag)[0]?.attributes.get('src') ?? undefined
  return undefined
}

export default defineRule({
  id: 'frame-images',
  severity: 'warn',
  summary: 'Every image that stands on its own is wrapped in a `<Frame>`',
  fixable: true,
  conventions: [{id: 'frame-images', coverage: 'full'}],
  defaults: {},
  create() {
    return function (tree, {page, report}) {
      const frames = htmlComponentRanges(tree, page, 'Frame')
      const paired = new Set<Nodes>()

      visitParents(tree, (node: Nodes, ancestors: Nodes[]) => {
        if (!isImage(node, page)) return
        if (ancestors.some((ancestor) => isJsxElement(ancestor) && ancestor.name !== null && framing.has(ancestor.name))) return
        if (inRanges(frames, node.position?.start.offset)) return
        // Inside `<div>`, `<p>`, `<a>`…, the page lays the image out with its own markup (cards, icons, badges).
        if (ancestors.some((ancestor) => isJsxElement(ancestor) && ancestor.name && /^[a-z]/.test(ancestor.name))) return
        if (paired.has(node)) return
        const source = sourceOf(node, page)
        if (source !== undefined && badgeSource.test(source)) return
        const parent = ancestors.at(-1)
        // The block that stands for the image: a paragraph holding only images, or a block `<img>`.
        let block: Nodes
        let images = 1
        if (parent?.type === 'paragraph') {
          // Images in a sentence, a table cell or a link (badges, icons) are inline: a frame is a block.
          if (!parent.children.every((child) => isImage(child, page) || isBlank(child))) return
          block = parent
          images = parent.children.filter((child) => isImage(child, page)).length
        } else if (node.type === 'mdxJsxFlowElement') {
          block = node
        } else if (node.type === 'html' && /^\s*(?:<img\b[^>]*>\s*)+$/i.test(node.value)) {
          // A `.md` page's HTML block that holds only `<img>` tags; other HTML lays images out itself.
          block = node
          images = htmlTagsIn(node, page, imgTag).length
        } else {
          return
        }
        let fix: TextEdit[] | undefined
        if (images === 1 && !themeSwitched(node, page)) {
          fix = frameEdit(block, block, page)
        } else if (images === 1 && parent && 'children' in parent) {
          // A light/dark pair (`block dark:hidden` then `hidden dark:block`) shares one frame.
          const siblings = parent.children as Nodes[]
          const next = siblings.slice(siblings.indexOf(block as never) + 1).find((sibling) => !isBlank(sibling))
          const partner = next?.type === 'mdxJsxFlowElement' && next.name === 'img' && themeSwitched(next, page) ? next : undefined
          if (partner) {
            paired.add(partner)
            fix = frameEdit(block, partner, page)
            report({message: 'Unexpected light and dark images outside `<Frame>`, expected both wrapped in one `<Frame>`', node, fix})
            return
          }
        }
        report({message: 'Unexpected image outside `<Frame>`, expected the image wrapped in `<Frame>`', node, fix})
      })
    }
  }
})

/** Wrap `first` to `last` in `<Frame>`, indented like them; `.md` pages need blank lines to parse the content. */
function frameEdit(first: Nodes, last: Nodes, page: Page): TextEdit[] | undefined {
  const start = first.position?.start.offset
  const end = last.position?.end.offset
  if (start === undefined || end === undefined) return undefined
  const lineStart = page.source.lastIndexOf('\n', start - 1) + 1
  const prefix = page.source.slice(lineStart, start)
  // Inside a list item the block may share its line with the marker (`1. ![…](…)`): indent to the content.
  if (!/^[ \t]*(?:(?:[-*+]|\d+[.)])[ \t]*)?$/.test(prefix)) return undefined
  const indent = ' '.repeat(prefix.length)
  const text = page.source.slice(start, end)
  const inner = page.kind === 'md'
    ? '\n\n' + indent + text + '\n\n' + indent
    : '\n' + indent + '  ' + text.replace(/\n/g, '\n  ') + '\n' + indent
  return [{start, end, text: '<Frame>' + inner + '</Frame>'}]
}
