// Vale's `metric` check kind: a `formula` over the page's counts (words, sentences, syllables, headings,
// lists, ...) is computed on the page's summary, and when `condition` holds of its value the page is
// reported once, at its start, with the value (two decimals) as the message's `%s`. Formulas are parsed by
// the small expression language below (numbers, variables, `+ - * /`, parentheses, `math.sqrt`-style
// calls, comparisons, `&&`, `||`), never evaluated as JavaScript.
import {UnsupportedRuleError, type CheckFactory, type StyleBlock, type StyleMatch} from '../types.js'
import {isSummary, sentenceStats, wordStats} from './text-stats.js'

/** A value as Vale's script engine (Tengo) has it: integers and floats differ (`1/2` is 0, `8.0 == 8` is false). */
type Value = {kind: 'int' | 'float'; number: number} | {kind: 'bool'; truth: boolean}

type Expression =
  | {type: 'number'; value: Value}
  | {type: 'variable'; name: string}
  | {type: 'call'; name: string; args: Expression[]}
  | {type: 'unary'; operator: string; operand: Expression}
  | {type: 'binary'; operator: string; left: Expression; right: Expression}

/** The page's counts that a formula may name, each 0 when the page has none. */
const pageCounts = ['blockquote', 'list', 'pre', 'paragraphs', ...[1, 2, 3, 4, 5, 6].map((level) => `heading_h${level}`)]
/** The counts of the summary's text. */
const textCounts = ['words', 'sentences', 'syllables', 'characters', 'complex_words', 'long_words', 'polysyllabic_words']
const knownVariables = new Set([...pageCounts, ...textCounts])
/** The value of `condition`'s left-hand side. */
const resultName = '__result__'

/** Functions of Tengo's `math` module that mean the same in JavaScript, with their number of arguments. */
const mathFunctions: Record<string, {arity: number; apply: (...args: number[]) => number}> = {
  'math.sqrt': {arity: 1, apply: Math.sqrt},
  'math.abs': {arity: 1, apply: Math.abs},
  'math.floor': {arity: 1, apply: Math.floor},
  'math.ceil': {arity: 1, apply: Math.ceil},
  'math.log': {arity: 1, apply: Math.log},
  'math.log10': {arity: 1, apply: Math.log10},
  'math.log2': {arity: 1, apply: Math.log2},
  'math.exp': {arity: 1, apply: Math.exp},
  'math.cbrt': {arity: 1, apply: Math.cbrt},
  'math.pow': {arity: 2, apply: Math.pow},
  'math.min': {arity: 2, apply: Math.min},
  'math.max': {arity: 2, apply: Math.max}
}

export const metric: CheckFactory = (rule) => {
  const formulaText = String(rule.fields['formula'] ?? '').trim()
  const formula = parseField(formulaText, 'formula', new Set())
  if (isComparison(formula)) throw new UnsupportedRuleError('`formula` must compute a number, not compare', 'formula')
  const conditionText = String(rule.fields['condition'] ?? '').trim()
  const condition = parseField(`${resultName} ${conditionText}`, 'condition', new Set([resultName]))
  if (conditionText === '' || !isComparison(condition)) {
    throw new UnsupportedRuleError('`condition` must compare the formula\'s value, as in `> 8.0`', 'condition')
  }
  const names = new Set([...namesIn(formula), ...namesIn(condition)])
  // Splitting sentences costs more than all the rest: only a formula that counts them pays for it.
  const countsSentences = names.has('sentences') || names.has('paragraphs')
  return {
    run(block: StyleBlock): StyleMatch[] {
      if (!isSummary(block)) return []
      const variables = pageVariables(block, countsSentences)
      if (variables === undefined) return []
      const value = evaluate(formula, variables)
      if (value.kind === 'bool' || !Number.isFinite(value.number)) return []
      // Vale writes the value with `%f` into the condition, so the condition sees it to six decimals.
      variables.set(resultName, {kind: 'float', number: Number(value.number.toFixed(6))})
      const holds = evaluate(condition, variables)
      if (holds.kind !== 'bool' || !holds.truth) return []
      return [{start: 0, end: 0, args: [value.number.toFixed(2)]}]
    }
  }
}

/** The variables of a summary block; undefined when its text has no words (Vale has no counts then). */
function pageVariables(block: StyleBlock, countsSentences: boolean): Map<string, Value> | undefined {
  const words = wordStats(block.text)
  if (words.words === 0) return undefined
  const variables = new Map<string, Value>()
  for (const name of pageCounts) variables.set(name, float(0))
  for (const [name, count] of Object.entries(block.metrics ?? {})) variables.set(name.replaceAll('.', '_'), float(count))
  const counted: Record<string, number> = {
    words: words.words,
    syllables: words.syllables,
    characters: words.characters,
    complex_words: words.complexWords,
    long_words: words.longWords,
    polysyllabic_words: words.polysyllabicWords
  }
  if (countsSentences) {
    const sentences = sentenceStats(block.text)
    counted['sentences'] = sentences.sentences
    if (block.metrics?.['paragraphs'] === undefined) counted['paragraphs'] = sentences.paragraphs
  }
  for (const [name, count] of Object.entries(counted)) variables.set(name, float(count))
  return variables
}

function float(number: number): Value {
  return {kind: 'float', number}
}

/** Whether `expression` gives a truth value rather than a number. */
function isComparison(expression: Expression): boolean {
  if (expression.type === 'unary') return expression.operator === '!'
  return expression.type === 'binary' && ['==', '!=', '<', '>', '<=', '>=', '&&', '||'].includes(expression.operator)
}

function parseField(text: string, field: string, extraNames: ReadonlySet<string>): Expression {
  if (text === '') throw new UnsupportedRuleError(`\`${field}\` is empty`, field)
  let expression: Expression
  try {
    expression = new Parser(text).parse()
  } catch (error) {
    throw new UnsupportedRuleError(`\`${field}\` cannot be read: ${(error as Error).message}`, field)
  }
  for (const name of namesIn(expression)) {
    if (!knownVariables.has(name) && !extraNames.has(name)) {
      throw new UnsupportedRuleError(`\`${field}\` names an unknown variable '${name}' (known: ${[...knownVariables].join(', ')})`, field)
    }
  }
  return expression
}

function* namesIn(expression: Expression): Generator<string> {
  if (expression.type === 'variable') yield expression.name
  else if (expression.type === 'call') for (const arg of expression.args) yield* namesIn(arg)
  else if (expression.type === 'unary') yield* namesIn(expression.operand)
  else if (expression.type === 'binary') {
    yield* namesIn(expression.left)
    yield* namesIn(expression.right)
  }
}

/** A token after spaces: a number (1), a name with dots like `math.sqrt` or `heading.h2` (2), an operator (3). */
const tokenPattern = new RegExp(
  String.raw`\s*(?:(\d+\.?\d*(?:[eE][+-]?\d+)?|\.\d+(?:[eE][+-]?\d+)?)|([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)|(==|!=|>=|<=|&&|\|\||[-+*/()<>,!]))`,
  'y'
)

/** A recursive-descent parser with Go's precedence: `||`, `&&`, comparisons, `+ -`, `* /`, unary. */
class Parser {
  private readonly tokens: string[] = []
  private position = 0

  constructor(text: string) {
    let at = 0
    while (at < text.length) {
      tokenPattern.lastIndex = at
      const found = tokenPattern.exec(text)
      if (!found) {
        if (text.slice(at).trim() === '') break
        throw new Error(`unexpected '${text.slice(at).trim().slice(0, 12)}'`)
      }
      this.tokens.push(found[1] ?? found[2] ?? found[3] ?? '')
      at = tokenPattern.lastIndex
    }
  }

  parse(): Expression {
    const expression = this.binary(0)
    if (this.position < this.tokens.length) throw new Error(`unexpected '${this.tokens[this.position]}'`)
    return expression
  }

  /** The binary operators, loosest first. */
  private static readonly levels: readonly (readonly string[])[] = [
    ['||'],
    ['&&'],
    ['==', '!=', '<', '>', '<=', '>='],
    ['+', '-'],
    ['*', '/']
  ]

  private binary(level: number): Expression {
    const operators = Parser.levels[level]
    if (!operators) return this.unary()
    let left = this.binary(level + 1)
    for (let token = this.peek(); token !== undefined && operators.includes(token); token = this.peek()) {
      this.position++
      left = {type: 'binary', operator: token, left, right: this.binary(level + 1)}
    }
    return left
  }

  private unary(): Expression {
    const token = this.peek()
    if (token === '-' || token === '+' || token === '!') {
      this.position++
      return {type: 'unary', operator: token, operand: this.unary()}
    }
    return this.primary()
  }

  private primary(): Expression {
    const token = this.next()
    if (token === '(') {
      const inner = this.binary(0)
      this.expect(')')
      return inner
    }
    if (/^[\d.]/.test(token)) {
      const isFloat = /[.eE]/.test(token)
      return {type: 'number', value: {kind: isFloat ? 'float' : 'int', number: Number(token)}}
    }
    if (!/^[A-Za-z_]/.test(token)) throw new Error(`unexpected '${token}'`)
    if (this.peek() === '(') return this.call(token)
    // Vale reads `heading.h2` as the variable `heading_h2`.
    return {type: 'variable', name: token.replace(/^heading\.(h[1-6])$/, 'heading_$1')}
  }

  private call(name: string): Expression {
    const known = mathFunctions[name]
    if (!known) throw new Error(`unknown function '${name}' (known: ${Object.keys(mathFunctions).join(', ')})`)
    this.expect('(')
    const args: Expression[] = []
    if (this.peek() !== ')') {
      args.push(this.binary(0))
      while (this.peek() === ',') {
        this.position++
        args.push(this.binary(0))
      }
    }
    this.expect(')')
    if (args.length !== known.arity) throw new Error(`${name} takes ${known.arity} argument(s), not ${args.length}`)
    return {type: 'call', name, args}
  }

  private peek(): string | undefined {
    return this.tokens[this.position]
  }

  private next(): string {
    const token = this.tokens[this.position++]
    if (token === undefined) throw new Error('the expression ends too soon')
    return token
  }

  private expect(token: string): void {
    if (this.next() !== token) throw new Error(`'${token}' expected`)
  }
}

function evaluate(expression: Expression, variables: ReadonlyMap<string, Value>): Value {
  switch (expression.type) {
    case 'number':
      return expression.value
    case 'variable':
      return variables.get(expression.name) ?? float(0)
    case 'call': {
      const args = expression.args.map((arg) => numberOf(evaluate(arg, variables)))
      return float(mathFunctions[expression.name]?.apply(...args) ?? Number.NaN)
    }
    case 'unary':
      return unary(expression.operator, evaluate(expression.operand, variables))
    case 'binary':
      return binary(expression.operator, evaluate(expression.left, variables), () => evaluate(expression.right, variables))
  }
}

function numberOf(value: Value): number {
  return value.kind === 'bool' ? Number.NaN : value.number
}

function unary(operator: string, operand: Value): Value {
  if (operator === '!') return {kind: 'bool', truth: operand.kind === 'bool' && !operand.truth}
  if (operand.kind === 'bool') return float(Number.NaN)
  return operator === '-' ? {kind: operand.kind, number: -operand.number} : operand
}

function binary(operator: string, left: Value, right: () => Value): Value {
  if (operator === '&&' || operator === '||') {
    const leftTruth = left.kind === 'bool' && left.truth
    if (operator === '&&' ? !leftTruth : leftTruth) return {kind: 'bool', truth: leftTruth}
    const rightValue = right()
    return {kind: 'bool', truth: rightValue.kind === 'bool' && rightValue.truth}
  }
  const rightValue = right()
  if (operator === '==' || operator === '!=') {
    const same = sameValue(left, rightValue)
    return {kind: 'bool', truth: operator === '==' ? same : !same}
  }
  const a = numberOf(left)
  const b = numberOf(rightValue)
  switch (operator) {
    case '<':
      return {kind: 'bool', truth: a < b}
    case '>':
      return {kind: 'bool', truth: a > b}
    case '<=':
      return {kind: 'bool', truth: a <= b}
    case '>=':
      return {kind: 'bool', truth: a >= b}
  }
  return arithmetic(operator, left.kind === 'int' && rightValue.kind === 'int', a, b)
}

/** Tengo's equality: it holds between values of one kind only, so `8.0 == 8` is false. */
function sameValue(left: Value, right: Value): boolean {
  if (left.kind === 'bool' || right.kind === 'bool') return left.kind === 'bool' && right.kind === 'bool' && left.truth === right.truth
  return left.kind === right.kind && left.number === right.number
}

function arithmetic(operator: string, integers: boolean, a: number, b: number): Value {
  if (integers) {
    if (operator === '/') return b === 0 ? float(Number.NaN) : {kind: 'int', number: Math.trunc(a / b)}
    return {kind: 'int', number: operator === '+' ? a + b : operator === '-' ? a - b : a * b}
  }
  return float(operator === '+' ? a + b : operator === '-' ? a - b : operator === '*' ? a * b : a / b)
}
