// Text a check reads, built piece by piece from the page's tree, with the way back from every offset of
// that text to the page's source: findings land exactly where the words are, whatever markup, escapes or
// character references stood between them.

/** `length` characters of text from `text`, standing for the source from `source` to `source + span`. */
export interface Segment {
  text: number
  length: number
  source: number
  /** Source length: equal to `length` for words copied as written, any length for a placeholder. */
  span: number
  /** Copied character for character: offsets inside map one to one. */
  exact: boolean
}

const characterReference = /^&(?:#\d{1,7}|#[xX][\da-fA-F]{1,6}|[A-Za-z][A-Za-z\d]{1,31});/
const asciiPunctuation = /^[!-/:-@[-`{-~]$/

export class MappedText {
  text = ''
  readonly segments: Segment[] = []

  /** Text copied from the source at `source` (the same characters). */
  copy(value: string, source: number): void {
    if (value === '') return
    this.segments.push({text: this.text.length, length: value.length, source, span: value.length, exact: true})
    this.text += value
  }

  /** `value` standing for the source from `start` to `end` (an entity, an escape, a code span's `*`s). */
  stand(value: string, start: number, end: number): void {
    if (value === '') return
    this.segments.push({text: this.text.length, length: value.length, source: start, span: end - start, exact: false})
    this.text += value
  }

  /**
   * A text node's value, aligned with its source: characters that are the same map one to one; an
   * escape (`\*`) or a character reference (`&amp;`) stands for its source.
   */
  align(value: string, source: string, start: number): void {
    if (value === source) {
      this.copy(value, start)
      return
    }
    let valueIndex = 0
    let sourceIndex = 0
    let runStart = 0
    const flush = () => {
      if (valueIndex > runStart) this.copy(value.slice(runStart, valueIndex), start + sourceIndex - (valueIndex - runStart))
    }
    while (valueIndex < value.length && sourceIndex < source.length) {
      const reference = source[sourceIndex] === '&' ? characterReference.exec(source.slice(sourceIndex, sourceIndex + 40)) : null
      const escape = source[sourceIndex] === '\\' && asciiPunctuation.test(source[sourceIndex + 1] ?? '')
      if (!reference && !escape) {
        if (value[valueIndex] === source[sourceIndex]) {
          valueIndex++
          sourceIndex++
        } else {
          // Markup between the characters (a line's indent inside a container): skip it.
          flush()
          sourceIndex++
          runStart = valueIndex
        }
        continue
      }
      flush()
      const from = sourceIndex
      sourceIndex += reference ? reference[0].length : 2
      // A reference can stand for two UTF-16 units (an astral character).
      const consumed = reference && value.codePointAt(valueIndex)! > 0xffff ? 2 : 1
      this.stand(value.slice(valueIndex, valueIndex + consumed), start + from, start + sourceIndex)
      valueIndex += consumed
      runStart = valueIndex
    }
    flush()
    if (valueIndex < value.length) this.stand(value.slice(valueIndex), start + source.length, start + source.length)
  }

  /** Replace the text from `start` to `end` by `*`s (code written in a sentence); white space stays. */
  blank(start: number, end: number): void {
    this.text = this.text.slice(0, start) + this.text.slice(start, end).replace(/\S/g, '*') + this.text.slice(end)
  }

  /** The source range of the text from `start` to `end`. */
  sourceRange(start: number, end: number): [number, number] {
    const from = this.sourceOffset(start, false)
    const to = end > start ? this.sourceOffset(end, true) : from
    return [from, Math.max(from, to)]
  }

  private sourceOffset(offset: number, isEnd: boolean): number {
    const segments = this.segments
    if (segments.length === 0) return 0
    let low = 0
    let high = segments.length - 1
    // The segment holding `offset` (for an end: the one holding the character before it).
    const probe = isEnd ? offset - 1 : offset
    while (low < high) {
      const middle = (low + high + 1) >> 1
      if (segments[middle]!.text <= probe) low = middle
      else high = middle - 1
    }
    const segment = segments[low]!
    const inside = Math.min(Math.max(probe - segment.text, 0), segment.length - 1)
    if (!segment.exact) return isEnd ? segment.source + segment.span : segment.source
    return segment.source + inside + (isEnd ? 1 : 0)
  }

  /** The text from `start` to `end` as a new mapped text (a sentence of a paragraph). */
  slice(start: number, end: number): MappedText {
    const part = new MappedText()
    part.text = this.text.slice(start, end)
    for (const segment of this.segments) {
      const from = Math.max(segment.text, start)
      const to = Math.min(segment.text + segment.length, end)
      if (to <= from) continue
      const exactShift = segment.exact ? from - segment.text : 0
      part.segments.push({
        text: from - start,
        length: to - from,
        source: segment.source + exactShift,
        span: segment.exact ? to - from : segment.span,
        exact: segment.exact
      })
    }
    return part
  }

  /** Append another mapped text (the summary gathers the page's paragraphs). */
  append(other: MappedText): void {
    const shift = this.text.length
    for (const segment of other.segments) this.segments.push({...segment, text: segment.text + shift})
    this.text += other.text
  }

  /** Replace the text's characters whose source lies in one of `ranges` by `*` (TokenIgnores). */
  mask(ranges: ReadonlyArray<[number, number]>): void {
    if (ranges.length === 0) return
    this.text = maskUnits(this, ranges)
  }
}

function maskUnits(mapped: MappedText, ranges: ReadonlyArray<[number, number]>): string {
  const units = mapped.text.split('')
  for (const segment of mapped.segments) {
    for (const [start, end] of ranges) {
      if (segment.source >= end || segment.source + segment.span <= start) continue
      for (let index = 0; index < segment.length; index++) {
        const source = segment.exact ? segment.source + index : segment.source
        if (source >= start && source < end && !/\s/.test(units[segment.text + index]!)) units[segment.text + index] = '*'
      }
    }
  }
  return units.join('')
}
