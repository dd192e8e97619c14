// The long page that bench/server-latency.mjs types into and test/incremental-parse.test.ts edits:
// sections of the usual mix (heading, prose, a list with a link, a component with an MDX expression,
// code, a table), to `lineCount` lines. `imports`: ESM lines after the front matter.
export function referencePage(lineCount, {imports = []} = {}) {
  const lines = ['---', 'title: Reference', 'description: Every setting of the tool, with examples.', '---', '']
  for (const line of imports) lines.push(line, '')
  for (let section = 1; lines.length < lineCount; section++) {
    lines.push(
      '## Setting ' + section, '',
      'You set this value in the config file. It changes how the tool reads your pages, and you can override it per page.', '',
      '- Use `value-' + section + '` for the default.', '- See [the guide](/documentation/getting-started/introduction) for details.', '',
      '<Note>', '  You can also set it with an environment variable: {props.name}.', '</Note>', '',
      '```bash', 'tool config set setting-' + section + ' true', '```', '',
      '| Option | Default |', '| --- | --- |', '| `enabled` | `true` |', ''
    )
  }
  return lines.slice(0, lineCount).join('\n') + '\n'
}
