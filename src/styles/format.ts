// Vale formats a rule's message with Go's `fmt.Sprintf`: `%s` takes the next value, `%[2]s` the second,
// `%%` is a percent sign. docs-lint formats the same way so that messages read as the style wrote them.

/** `message` with its specifiers replaced by `args`. */
export function formatMessage(message: string, args: readonly string[]): string {
  let next = 0
  return message.replace(/%(?:\[(\d+)\])?([-+# 0]*(?:[1-9]\d*)?(?:\.\d+)?)([svdqf%])/g, (whole, index: string | undefined, _flags: string, verb: string) => {
    if (verb === '%' && index === undefined) return '%'
    const position = index === undefined ? next : Number(index) - 1
    next = position + 1
    const value = args[position]
    if (value === undefined) return '%!' + verb + '(MISSING)'
    if (verb === 'q') return JSON.stringify(value)
    if (verb === 'f' || verb === 'd') {
      const number = Number(value)
      if (!Number.isFinite(number)) return value
      const precision = /\.(\d+)/.exec(whole)?.[1]
      return verb === 'd' ? String(Math.trunc(number)) : number.toFixed(precision === undefined ? 6 : Number(precision))
    }
    return value
  })
}
