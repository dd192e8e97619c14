/**
 * What `example-imports` knows: the well-known modules and symbols an example must import before it
 * uses them, each with the import line a reader needs, and the fence languages it reads. A name that
 * is not in this table is never reported, whatever the block does with it.
 */

/** The two families of languages read: Python, and JavaScript with TypeScript (one namespace). */
export type ImportFamily = 'python' | 'script'

/**
 * How a use is recognised: `module` a module object (`os.environ`, `np.array(…)`, `axios(…)`),
 * `call` a function or class called (`Field(…)`, `useState(…)`), `type` a type name in an
 * annotation or subscripted (`Optional[str]`, `x: Any`).
 */
export type UseKind = 'module' | 'call' | 'type'

export interface KnownName {
  /** The import line a reader needs (`import aiohttp`, `import { z } from "zod"`). */
  importLine: string
  uses: readonly UseKind[]
  /** Only in a JSX block (`jsx`, `tsx`): React hooks, which other examples may take from elsewhere. */
  jsxOnly?: boolean
  /** A better import line when the name is used with one of these attributes (`datetime.now()`). */
  byAttribute?: Readonly<Record<string, string>>
}

/** Fence languages (lower-cased) read, by family. `jsx` and `tsx` also allow the `jsxOnly` names. */
export const importLanguages: Readonly<Record<string, ImportFamily>> = {
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

/** Fence languages whose blocks may use React hooks. */
export const jsxLanguages: readonly string[] = ['jsx', 'tsx']

const pythonModule = (name: string): KnownName => ({importLine: 'import ' + name, uses: ['module']})
const typingName = (name: string): KnownName => ({importLine: 'from typing import ' + name, uses: ['type']})

/** The class methods of `datetime.datetime`: `datetime.now()` needs `from datetime import datetime`. */
const datetimeClassMethods = ['now', 'utcnow', 'today', 'fromtimestamp', 'utcfromtimestamp', 'fromisoformat', 'strptime', 'combine', 'min', 'max']

/** Python: the standard library modules docs use most, the common third-party ones, typing names. */
export const pythonNames: Readonly<Record<string, KnownName>> = {
  os: pythonModule('os'),
  sys: pythonModule('sys'),
  json: pythonModule('json'),
  asyncio: pythonModule('asyncio'),
  time: pythonModule('time'),
  re: pythonModule('re'),
  datetime: {
    importLine: 'import datetime',
    uses: ['module', 'call'],
    byAttribute: Object.fromEntries(datetimeClassMethods.map((method) => [method, 'from datetime import datetime']))
  },
  pathlib: pythonModule('pathlib'),
  subprocess: pythonModule('subprocess'),
  logging: pythonModule('logging'),
  uuid: pythonModule('uuid'),
  base64: pythonModule('base64'),
  random: pythonModule('random'),
  hashlib: pythonModule('hashlib'),
  requests: pythonModule('requests'),
  httpx: pythonModule('httpx'),
  aiohttp: pythonModule('aiohttp'),
  bs58: pythonModule('bs58'),
  np: {importLine: 'import numpy as np', uses: ['module']},
  pd: {importLine: 'import pandas as pd', uses: ['module']},
  BaseModel: {importLine: 'from pydantic import BaseModel', uses: ['call', 'type']},
  Field: {importLine: 'from pydantic import Field', uses: ['call']},
  Path: {importLine: 'from pathlib import Path', uses: ['call']},
  Optional: typingName('Optional'),
  List: typingName('List'),
  Dict: typingName('Dict'),
  Any: typingName('Any'),
  Union: typingName('Union'),
  Tuple: typingName('Tuple'),
  Callable: typingName('Callable'),
  Literal: typingName('Literal')
}

/** JavaScript and TypeScript: zod, axios, Node's `fs` and `path`, the AI SDK, React hooks. */
export const scriptNames: Readonly<Record<string, KnownName>> = {
  z: {importLine: 'import { z } from "zod"', uses: ['module']},
  axios: {importLine: 'import axios from "axios"', uses: ['module', 'call']},
  fs: {importLine: 'import fs from "node:fs"', uses: ['module']},
  path: {importLine: 'import path from "node:path"', uses: ['module']},
  bs58: {importLine: 'import bs58 from "bs58"', uses: ['module']},
  streamText: {importLine: 'import { streamText } from "ai"', uses: ['call']},
  generateText: {importLine: 'import { generateText } from "ai"', uses: ['call']},
  generateObject: {importLine: 'import { generateObject } from "ai"', uses: ['call']},
  streamObject: {importLine: 'import { streamObject } from "ai"', uses: ['call']},
  useState: {importLine: 'import { useState } from "react"', uses: ['call'], jsxOnly: true},
  useEffect: {importLine: 'import { useEffect } from "react"', uses: ['call'], jsxOnly: true},
  useRef: {importLine: 'import { useRef } from "react"', uses: ['call'], jsxOnly: true},
  useCallback: {importLine: 'import { useCallback } from "react"', uses: ['call'], jsxOnly: true},
  useMemo: {importLine: 'import { useMemo } from "react"', uses: ['call'], jsxOnly: true}
}

/**
 * A block that uses this many names no block of the page binds, besides the table's and the
 * language's built-ins, is an excerpt of a larger program (a node's source, a function to paste into
 * an app built on another page): its imports are left out on purpose, and the rule stays silent.
 */
export const maxForeignNames = 1

/** Python's built-in names a block uses without importing them. */
export const pythonBuiltins: readonly string[] = [
  'abs', 'aiter', 'all', 'anext', 'any', 'ascii', 'bin', 'bool', 'breakpoint', 'bytearray', 'bytes', 'callable', 'chr',
  'classmethod', 'compile', 'complex', 'delattr', 'dict', 'dir', 'divmod', 'enumerate', 'eval', 'exec', 'filter', 'float',
  'format', 'frozenset', 'getattr', 'globals', 'hasattr', 'hash', 'help', 'hex', 'id', 'input', 'int', 'isinstance',
  'issubclass', 'iter', 'len', 'list', 'locals', 'map', 'max', 'memoryview', 'min', 'next', 'object', 'oct', 'open', 'ord',
  'pow', 'print', 'property', 'range', 'repr', 'reversed', 'round', 'set', 'setattr', 'slice', 'sorted', 'staticmethod',
  'str', 'sum', 'super', 'tuple', 'type', 'vars', 'zip', '__import__', '__name__', '__file__', 'self', 'cls',
  'BaseException', 'Exception', 'ArithmeticError', 'AssertionError', 'AttributeError', 'ConnectionError', 'EOFError',
  'FileNotFoundError', 'ImportError', 'IndexError', 'KeyError', 'KeyboardInterrupt', 'LookupError', 'MemoryError',
  'NameError', 'NotImplementedError', 'OSError', 'OverflowError', 'PermissionError', 'RuntimeError', 'StopIteration',
  'StopAsyncIteration', 'SystemExit', 'TimeoutError', 'TypeError', 'UnicodeDecodeError', 'ValueError', 'ZeroDivisionError',
  'NotImplemented', 'Ellipsis'
]

/** Browser globals a script block uses without importing them; the language's own come from the runtime. */
export const browserGlobals: readonly string[] = [
  'window', 'document', 'navigator', 'location', 'localStorage', 'sessionStorage', 'alert', 'confirm', 'prompt',
  'HTMLElement', 'Element', 'Event', 'CustomEvent', 'FormData', 'Blob', 'File', 'FileReader', 'Headers', 'Request',
  'Response', 'WebSocket', 'EventSource', 'XMLHttpRequest', 'MutationObserver', 'IntersectionObserver', 'requestAnimationFrame',
  'require', 'module', 'exports', '__dirname', '__filename', 'Deno', 'Bun'
]
