// `.vale.ini` as Vale reads it: `key = value` lines under `[section]` headers, `#` and `;` comments (whole
// lines, or after a space), a `\` at the end of a line continuing the value, surrounding quotes removed,
// and a key written twice keeping both values (Vale's "shadows", joined as a list).

export interface IniEntry {
  key: string
  /** Every value written for the key in its section, in order. */
  values: string[]
  /** 1-based line of the key's first appearance. */
  line: number
}

export interface IniSection {
  name: string
  line: number
  entries: Map<string, IniEntry>
}

export interface IniFile {
  /** The settings before the first section: `''`. */
  sections: Map<string, IniSection>
}

export class IniSyntaxError extends Error {
  override name = 'IniSyntaxError'
  constructor(
    message: string,
    readonly line: number
  ) {
    super(message)
  }
}

/** Parse the text of an INI file; throws `IniSyntaxError` with the line of a line that is not INI. */
export function parseIni(text: string): IniFile {
  const sections = new Map<string, IniSection>()
  let section: IniSection = {name: '', line: 1, entries: new Map()}
  sections.set('', section)
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/)
  for (let index = 0; index < lines.length; index++) {
    const lineNumber = index + 1
    const line = lines[index]!.trim()
    if (line === '' || line.startsWith('#') || line.startsWith(';')) continue
    if (line.startsWith('[')) {
      const end = line.lastIndexOf(']')
      if (end === -1) throw new IniSyntaxError('Unclosed section header `' + line + '`', lineNumber)
      const name = line.slice(1, end).trim()
      section = sections.get(name) ?? {name, line: lineNumber, entries: new Map()}
      sections.set(name, section)
      continue
    }
    const equals = line.indexOf('=')
    if (equals <= 0) throw new IniSyntaxError('Expected `key = value`, found `' + line + '`', lineNumber)
    const key = line.slice(0, equals).trim()
    let value = line.slice(equals + 1).trim()
    while (value.endsWith('\\') && index + 1 < lines.length) {
      index++
      value = value.slice(0, -1) + lines[index]!.trim()
    }
    value = unquote(stripInlineComment(value))
    const entry = section.entries.get(key)
    if (entry) entry.values.push(value)
    else section.entries.set(key, {key, values: [value], line: lineNumber})
  }
  return {sections}
}

/** A ` #` or ` ;` starts a comment after a value (Vale loads its INI with a space required before one). */
function stripInlineComment(value: string): string {
  const match = /\s[#;]/.exec(value)
  return match ? value.slice(0, match.index).trimEnd() : value
}

function unquote(value: string): string {
  if (value.length >= 2 && ((value.startsWith('"') && value.endsWith('"')) || (value.startsWith("'") && value.endsWith("'")))) {
    return value.slice(1, -1)
  }
  return value
}

/** A list value (`BasedOnStyles = Vale, Google`): split on commas not escaped with `\`, trimmed, empties dropped. */
export function listValue(entry: IniEntry | undefined): string[] {
  if (!entry) return []
  const items: string[] = []
  for (const value of entry.values) {
    for (const part of value.split(/(?<!\\),/)) {
      const item = part.replace(/\\,/g, ',').trim()
      if (item !== '') items.push(item)
    }
  }
  return [...new Set(items)]
}
