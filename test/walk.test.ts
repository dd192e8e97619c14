import fs from 'node:fs'
import path from 'node:path'
import {visitParents as libraryVisitParents, SKIP as librarySkip} from 'unist-util-visit-parents'
import {visit as libraryVisit} from 'unist-util-visit'
import {describe, expect, it} from 'vitest'
import type {Nodes, Root} from 'mdast'
import {VFile} from 'vfile'
import {unified} from 'unified'
import {docsLintParse} from '../src/page/parse.js'
import {EXIT, SKIP, visit, visitParents} from '../src/shared/walk.js'

// docs-lint's own walker must visit exactly what unist-util-visit does, in the same order, with the
// same index, parent and ancestors; the real pages of docs/ are the trees.
const pages = fs
  .readdirSync(path.resolve(import.meta.dirname, '../docs/rules'))
  .map((name) => path.resolve(import.meta.dirname, '../docs/rules', name))

function parse(filePath: string): Root {
  const file = new VFile({path: filePath, value: fs.readFileSync(filePath, 'utf8')})
  const processor = unified().use(docsLintParse)
  return processor.parse(file) as Root
}

describe('tree walker', () => {
  it('visits the same nodes as unist-util-visit-parents, with the same ancestors, on every doc page', () => {
    for (const page of pages) {
      const tree = parse(page)
      const ours: string[] = []
      const theirs: string[] = []
      visitParents(tree, (node: Nodes, ancestors: Nodes[]) => {
        ours.push(node.type + '@' + (node.position?.start.offset ?? '') + '<' + ancestors.map((a) => a.type).join('/'))
        return node.type === 'code' ? SKIP : undefined
      })
      libraryVisitParents(tree, (node, ancestors) => {
        theirs.push(node.type + '@' + (node.position?.start.offset ?? '') + '<' + ancestors.map((a) => a.type).join('/'))
        return node.type === 'code' ? librarySkip : undefined
      })
      expect(ours.length).toBeGreaterThan(10)
      expect(ours).toEqual(theirs)
    }
  })

  it('passes the same index and parent as unist-util-visit for a type test', () => {
    const tree = parse(pages[0]!)
    const ours: unknown[] = []
    const theirs: unknown[] = []
    visit(tree, 'text', (node, index, parent) => void ours.push([node.value, index, parent?.type]))
    libraryVisit(tree, 'text', (node, index, parent) => void theirs.push([node.value, index, parent?.type]))
    expect(ours.length).toBeGreaterThan(0)
    expect(ours).toEqual(theirs)
  })

  it('stops at EXIT', () => {
    const tree = parse(pages[0]!)
    const seen: string[] = []
    visit(tree, (node: Nodes) => {
      seen.push(node.type)
      return node.type === 'heading' ? EXIT : undefined
    })
    expect(seen.at(-1)).toBe('heading')
    expect(seen.filter((type) => type === 'heading')).toHaveLength(1)
  })

  it('walks a tree nested 100,000 levels deep without overflowing the stack', () => {
    const root: Root = {type: 'root', children: []}
    let parent: {children: Nodes[]} = root
    for (let depth = 0; depth < 100_000; depth++) {
      const quote: Nodes = {type: 'blockquote', children: []}
      parent.children.push(quote)
      parent = quote as {children: Nodes[]}
    }
    let count = 0
    let deepest = 0
    visitParents(root, 'blockquote', (_node, ancestors) => {
      count++
      deepest = Math.max(deepest, ancestors.length)
    })
    expect(count).toBe(100_000)
    expect(deepest).toBe(100_000)
  })
})
