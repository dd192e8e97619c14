import {describe, expect, it} from 'vitest'
import {PagePool, heavyPageSize, nextToStart} from '../src/pool.js'
import {resolveConfig} from '../src/config.js'
import {serializeConfig} from '../src/remote.js'

const light = {size: 1000}
const heavy = {size: heavyPageSize}
const sizeOf = (task: {size: number}) => task.size

describe('the worker pool starts one large page at a time', () => {
  it('starts the first page in the queue when no large page is being linted', () => {
    expect(nextToStart([heavy, light], false, sizeOf)).toBe(0)
    expect(nextToStart([light, heavy], true, sizeOf)).toBe(0)
    expect(nextToStart([], false, sizeOf)).toBe(-1)
  })

  it('holds a large page while another is being linted, and starts the next small one instead', () => {
    expect(nextToStart([heavy, heavy, light, light], true, sizeOf)).toBe(2)
    expect(nextToStart([heavy, heavy], true, sizeOf)).toBe(-1)
  })

  it('lints every page of a queue of large pages, each with its own result', async () => {
    const pool = new PagePool(2, 30_000)
    const config = serializeConfig(resolveConfig(undefined))
    const page = (index: number) => {
      const body = '## Section ' + index + '\n\n' + 'Text of a long page. '.repeat(heavyPageSize / 20) + '\n'
      return '---\ntitle: Page ' + index + '\ndescription: A long page.\n---\n\n# Extra heading ' + index + '\n\n' + body
    }
    try {
      const outcomes = await Promise.all(
        [0, 1, 2, 3, 4].map((index) => {
          const value = page(index)
          return pool.run({path: 'page-' + index + '.mdx', cwd: '/', value, size: value.length, config, maxFileSize: undefined})
        })
      )
      expect(outcomes.map((outcome) => outcome.result.messages.find((message) => message.ruleId === 'heading-levels')?.place)).toEqual(
        [0, 1, 2, 3, 4].map(() => ({start: {line: 6, column: 1, offset: 49}, end: {line: 6, column: 18, offset: 66}}))
      )
    } finally {
      await pool.close()
    }
  })
})
