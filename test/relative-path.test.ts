import path from 'node:path'
import {describe, expect, it} from 'vitest'
import {absolutePath, childPath, relativePath, relativeTo, resolvePath} from '../src/shared/relative-path.js'

// The short ways of src/shared/relative-path.ts must give Node's answer for every path, normal or not: a
// page's cache key and its path in site checks come from them.
const folders = ['/', '/site', '/site/', '/site/docs', '/site//docs', '/site/./docs', '/site/../site/docs', '/site/docs/..', '/site/.docs', '/site/docs.', 'site/docs', '.', '']
const leaves = ['', '/', '/a.mdx', '/a/b.mdx', '/.hidden/a.mdx', '/..a/b.mdx', '/a//b.mdx', '/a/./b.mdx', '/a/../b.mdx', '/a/b.mdx/', '/a/..', '/a/.', 'x/a.mdx', '/...']

describe('relativePath', () => {
  it('is path.relative for paths inside, outside, equal, prefixed and not normal', () => {
    for (const from of folders) {
      for (const base of folders) {
        for (const leaf of leaves) {
          const to = base + leaf
          expect(relativePath(from, to), `relativePath(${JSON.stringify(from)}, ${JSON.stringify(to)})`).toBe(path.relative(from, to))
          expect(relativeTo(from, to)).toBe(path.relative(from, to).split(path.sep).join('/'))
        }
      }
    }
  })
})

describe('childPath', () => {
  it('is path.join for a listed name in any folder', () => {
    for (const folder of folders) {
      for (const name of ['a.mdx', '.hidden', '..a', '...', 'a b', 'ä.mdx']) {
        expect(childPath(folder, name), `childPath(${JSON.stringify(folder)}, ${JSON.stringify(name)})`).toBe(path.join(folder, name))
      }
    }
  })
})

describe('resolvePath', () => {
  it('is path.resolve for absolute, relative and not normal paths, on absolute and relative bases', () => {
    const targets = [...leaves, ...leaves.map((leaf) => leaf.slice(1)), '.', '..', './a.mdx', '../a.mdx', 'a/', 'a/..']
    for (const base of folders) {
      for (const folder of folders) {
        for (const leaf of targets) {
          const target = folder + leaf
          expect(resolvePath(base, target), `resolvePath(${JSON.stringify(base)}, ${JSON.stringify(target)})`).toBe(path.resolve(base, target))
        }
        for (const leaf of targets) expect(resolvePath(base, leaf)).toBe(path.resolve(base, leaf))
      }
    }
    expect(absolutePath({cwd: '/site', path: 'docs/a.mdx'})).toBe('/site/docs/a.mdx')
  })
})
