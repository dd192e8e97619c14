// The fence languages whose code the example rules read, by the parser that reads them: Python
// (@lezer/python) or JavaScript and TypeScript (acorn).

export type CodeFamily = 'python' | 'script'

/** Fence languages (lower-cased), by family. */
export const codeFamilies: Readonly<Record<string, CodeFamily>> = {
  python: 'python',
  py: 'python',
  python3: 'python',
  js: 'script',
  jsx: 'script',
  javascript: 'script',
  mjs: 'script',
  ts: 'script',
  tsx: 'script',
  typescript: 'script',
  mts: 'script'
}
