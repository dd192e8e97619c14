import {describe, expect, it} from 'vitest'
import {estimateNesting, maxNesting, mayNestTooDeep} from '../src/page/nesting.js'

// `mayNestTooDeep` lets a page skip the line-by-line estimate: it must say true for every page the
// estimate would cut, however few characters the page spends on each level.
describe('the check before the nesting estimate', () => {
  const depth = maxNesting + 1
  const densest: Array<[string, (level: number) => string]> = [
    // A `>` a level: block quotes continued on each line.
    ['block quotes, one `>` a level', (level) => '>'.repeat(level + 1) + ' text'],
    // List items indented two columns a level, with tabs of four columns.
    ['list items indented by tabs', (level) => '\t'.repeat(Math.floor(level / 2)) + (level % 2 ? '  ' : '') + '- item']
  ]
  for (const [name, line] of densest) {
    it(name, () => {
      for (const mdx of [false, true]) {
        const page = Array.from({length: 2 * depth + 20}, (_, level) => line(level)).join('\n') + '\n'
        expect(estimateNesting(page, mdx).cut).toBeDefined()
        expect(mayNestTooDeep(page)).toBe(true)
      }
    })
  }

  it('says false for pages whose lines start with at most 24 marker and indent characters', () => {
    // 22 tabs, the marker and its space.
    const page = Array.from({length: 200}, (_, level) => '\t'.repeat(Math.min(22, Math.floor(level / 2))) + '- item').join('\n') + '\n'
    expect(mayNestTooDeep(page)).toBe(false)
    expect(estimateNesting(page, false).cut).toBeUndefined()
    expect(mayNestTooDeep('---\ntitle: A\n---\n\n## Steps\n\n1. One\n   - Two\n     > Three\n')).toBe(false)
  })
})
