import type {Nodes as MdastNodes} from 'mdast'
import type {Nodes as NlcstNodes} from 'nlcst'

/**
 * Tree walks for rules: the `visit` / `visitParents` calling convention of unist-util-visit, without
 * its per-node cost. unist-util-visit-parents creates a closure and renames it (`Object.defineProperty`)
 * for every node it visits; with a dozen rules walking each page that was about 13% of linting a page
 * (measured with `--cpu-prof` on the box corpus). This walker is iterative, so a page nested 10,000
 * levels deep cannot overflow the stack either.
 */

export type Node = MdastNodes | NlcstNodes
export type Parent = Extract<Node, {children: unknown}>

/** Go on into the node's children. */
export const CONTINUE = true
/** Do not walk into this node's children. */
export const SKIP = 'skip'
/** Stop the walk. */
export const EXIT = false

export type Action = typeof CONTINUE | typeof SKIP | typeof EXIT | undefined | void

/** The node types a tree holds: nlcst for a retext tree, else mdast (with MDX). */
type Universe<Tree> = Tree extends NlcstNodes ? NlcstNodes : MdastNodes
type ParentOf<U> = Extract<U, {children: unknown}>

// Method syntax keeps parameters bivariant: a visitor may declare `(node: Nodes)` for an mdast tree.
interface VisitParentsCallback<N, U> {
  call(node: N, ancestors: Array<ParentOf<U>>): Action
}
interface VisitCallback<N, U> {
  call(node: N, index: number | undefined, parent: ParentOf<U> | undefined): Action
}

/**
 * Walk `tree` in preorder and call `visitor(node, ancestors)` for every node (of type `test`, when
 * given). `ancestors` is valid during the call: copy it to keep it.
 */
export function visitParents<Tree extends Node, Type extends Universe<Tree>['type']>(
  tree: Tree,
  test: Type | readonly Type[],
  visitor: VisitParentsCallback<Extract<Universe<Tree>, {type: Type}>, Universe<Tree>>['call']
): void
export function visitParents<Tree extends Node>(tree: Tree, visitor: VisitParentsCallback<Universe<Tree>, Universe<Tree>>['call']): void
export function visitParents(tree: Node, testOrVisitor: unknown, maybeVisitor?: unknown): void {
  walk(tree, testOrVisitor, maybeVisitor, true)
}

/** Walk `tree` in preorder and call `visitor(node, index, parent)` for every node (of type `test`, when given). */
export function visit<Tree extends Node, Type extends Universe<Tree>['type']>(
  tree: Tree,
  test: Type | readonly Type[],
  visitor: VisitCallback<Extract<Universe<Tree>, {type: Type}>, Universe<Tree>>['call']
): void
export function visit<Tree extends Node>(tree: Tree, visitor: VisitCallback<Universe<Tree>, Universe<Tree>>['call']): void
export function visit(tree: Node, testOrVisitor: unknown, maybeVisitor?: unknown): void {
  walk(tree, testOrVisitor, maybeVisitor, false)
}

interface Frame {
  parent: Parent
  next: number
}

function walk(tree: Node, testOrVisitor: unknown, maybeVisitor: unknown, withAncestors: boolean): void {
  const visitor = (typeof testOrVisitor === 'function' ? testOrVisitor : maybeVisitor) as (...parameters: unknown[]) => Action
  const test = typeof testOrVisitor === 'function' ? undefined : (testOrVisitor as string | readonly string[])
  const matches =
    test === undefined
      ? () => true
      : typeof test === 'string'
        ? (node: Node) => node.type === test
        : (node: Node) => test.includes(node.type)
  const stack: Frame[] = []
  // One live array, pushed and popped as the walk goes: copying it per node would cost memory quadratic
  // in the depth. Visitors read it during their call (every rule does) and copy it to keep it.
  const ancestors: Parent[] = []

  const enter = (node: Node, frame: Frame | undefined): boolean => {
    if (matches(node)) {
      const action = withAncestors ? visitor(node, ancestors) : visitor(node, frame ? frame.next - 1 : undefined, frame?.parent)
      if (action === EXIT) return false
      if (action === SKIP) return true
    }
    if ('children' in node && node.children.length > 0) {
      stack.push({parent: node as Parent, next: 0})
      ancestors.push(node as Parent)
    }
    return true
  }

  if (!enter(tree, undefined)) return
  while (stack.length > 0) {
    const frame = stack[stack.length - 1]!
    const children = frame.parent.children as Node[]
    if (frame.next >= children.length) {
      stack.pop()
      ancestors.pop()
      continue
    }
    const child = children[frame.next++]!
    if (!enter(child, frame)) return
  }
}
