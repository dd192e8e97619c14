import type {Heading, Nodes} from 'mdast'
import type {CompileContext, Extension as FromMarkdownExtension, Token} from 'mdast-util-from-markdown'
import type {Code, Effects, Extension, State, TokenizeContext} from 'micromark-util-types'
import type {Plugin} from 'unified'
import {VFileMessage} from 'vfile-message'
import {trimEndCharacters} from '../shared/text.js'

declare module 'mdast' {
  interface HeadingData {
    /** The custom anchor ID written as `## Title {#id}`. */
    id?: string
  }
}

declare module 'micromark-util-types' {
  interface TokenTypeMap {
    headingId: 'headingId'
  }
}

const leftBrace = 123
const rightBrace = 125
const numberSign = 35

/** A line ending (`\r`, `\n`, `\r\n`) or the end of the text: micromark's codes below -2, and null. */
function endsText(code: Code): boolean {
  return code === null || code < -2
}

/**
 * `{#id}` closing the text it is in (only spaces may follow): in a heading, the custom anchor ID
 * the platform supports. Tried before MDX expressions, which cannot parse it.
 */
function tokenizeHeadingId(this: TokenizeContext, effects: Effects, ok: State, nok: State): State {
  let idLength = 0
  const start: State = (code) => {
    if (code !== leftBrace) return nok(code)
    effects.enter('headingId')
    effects.consume(code)
    return numberSignState
  }
  const numberSignState: State = (code) => {
    if (code !== numberSign) return nok(code)
    effects.consume(code)
    return id
  }
  const id: State = (code) => {
    if (endsText(code)) return nok(code)
    if (code === rightBrace) {
      if (idLength === 0) return nok(code)
      effects.consume(code)
      return trailing
    }
    idLength++
    effects.consume(code)
    return id
  }
  const trailing: State = (code) => {
    if (code === -2 || code === -1 || code === 32) {
      effects.consume(code)
      return trailing
    }
    if (code !== null) return nok(code)
    effects.exit('headingId')
    return ok(code)
  }
  return start
}

const syntax: Extension = {text: {[leftBrace]: {name: 'headingId', tokenize: tokenizeHeadingId, add: 'before'}}}

/**
 * Move `{#id}` out of a heading's text into `data.id`, leaving every position of the page as it
 * was. Elsewhere it is text in Markdown and, as on the platform, an unparsable expression in MDX.
 */
function fromMarkdown(mdx: boolean): FromMarkdownExtension {
  return {
    enter: {
      headingId(this: CompileContext, token: Token) {
        const parent = this.stack.at(-1) as Nodes | undefined
        if (parent?.type === 'heading') return setHeadingId(parent, this.sliceSerialize(token))
        if (mdx) {
          throw new VFileMessage('Unexpected custom anchor ID outside a heading, expected `{#id}` only at the end of a heading', {
            place: {line: token.start.line, column: token.start.column, offset: token.start.offset},
            ruleId: 'heading-id'
          })
        }
        this.config.enter['data']!.call(this, token)
      }
    },
    exit: {
      headingId(this: CompileContext, token: Token) {
        if ((this.stack.at(-1) as Nodes | undefined)?.type === 'text') this.config.exit['data']!.call(this, token)
      }
    }
  }
}

function setHeadingId(heading: Heading, written: string): void {
  const id = written.slice(2, written.lastIndexOf('}'))
  heading.data = {...heading.data, id}
  // The space before `{#id}` is not part of the title.
  const last = heading.children.at(-1)
  if (last?.type !== 'text') return
  const trimmed = trimEndCharacters(last.value, ' \t')
  const removed = last.value.length - trimmed.length
  if (trimmed === '') {
    heading.children.pop()
    return
  }
  last.value = trimmed
  if (removed > 0 && last.position) {
    const end = last.position.end
    last.position.end = {line: end.line, column: end.column - removed, ...(end.offset === undefined ? {} : {offset: end.offset - removed})}
  }
}

/** The custom anchor ID syntax `## Title {#id}`, in Markdown (`mdx: false`) and MDX pages. */
export const remarkHeadingId: Plugin<[{mdx: boolean}]> = function (options) {
  const data = this.data() as {micromarkExtensions?: Extension[]; fromMarkdownExtensions?: FromMarkdownExtension[]}
  ;(data.micromarkExtensions ??= []).push(syntax)
  ;(data.fromMarkdownExtensions ??= []).push(fromMarkdown(options.mdx))
}
