// The HTML report's script, inlined into the page as the source of the functions `reportScript`
// lists: they import nothing and use no name from outside them but one another's. It reads the JSON blocks
// `htmlChunks` writes and draws the page: the summary, the charts and the table of findings.

interface Meta {
  version: string
  date: string
  durationMs: number | null
  pages: number
  files: string[]
  /** The folder linted, as the start of every path in `files`: the pages chart leaves it out. */
  root: string
  sections: string[]
  rules: Array<{id: string; url: string; summary: string}>
  counts: {error: number; warning: number; info: number; fixable: number}
}
interface Row {
  file: number
  line: number
  column: number
  severity: number
  rule: number
  reason: string
  diff: string | undefined
  order: number
}
type Key = 'file' | 'line' | 'severity' | 'rule' | 'reason'
interface Filter {
  rule: number
  severity: number
  section: string
  path: string
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Record<string, string> = {}, ...children: Array<Node | string>): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag)
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value)
  node.append(...children)
  return node
}
function formatNumber(value: number): string {
  return value.toLocaleString('en-US')
}

/** A bar chart as a list of buttons: each bar is an SVG rectangle, and pressing it filters the table. */
function barChart(id: string, title: string, entries: Array<[string, number]>, pressed: (name: string) => boolean, choose: (name: string) => void, label = (name: string) => name) {
  const barsShown = 12
  const max = Math.max(1, ...entries.map(([, count]) => count))
  const list = el('ol')
  const draw = (limit: number) => {
    list.replaceChildren()
    for (const [name, count] of entries.slice(0, limit)) {
      const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg')
      svg.setAttribute('viewBox', '0 0 100 10')
      svg.setAttribute('preserveAspectRatio', 'none')
      svg.setAttribute('aria-hidden', 'true')
      const rect = document.createElementNS('http://www.w3.org/2000/svg', 'rect')
      rect.setAttribute('width', String(Math.max(0.5, (count / max) * 100)))
      rect.setAttribute('height', '10')
      svg.append(rect)
      const button = el('button', {type: 'button', class: 'bar', 'data-name': name, 'aria-pressed': String(pressed(name)), title: name}, el('span', {class: 'name'}, label(name)), svg, el('span', {class: 'n'}, formatNumber(count)))
      button.addEventListener('click', () => choose(name))
      list.append(el('li', {}, button))
    }
  }
  draw(barsShown)
  const section = el('section', {class: 'chart', id, 'aria-label': title}, el('h2', {}, title), list)
  if (entries.length > barsShown) {
    const more = el('button', {type: 'button', class: 'more'}, 'Show all ' + entries.length)
    more.addEventListener('click', () => {
      draw(entries.length)
      more.remove()
    })
    section.append(more)
  }
  return section
}
/** Draw the report: the header, the summary cards, the charts, then the table of findings. */
export function reportApp(): void {
  const meta = JSON.parse(document.getElementById('report-meta')!.textContent!) as Meta
  const rows: Row[] = []
  for (const block of document.querySelectorAll('script.report-rows')) {
    const chunk = JSON.parse(block.textContent!) as {s: string[]; r: number[][]}
    for (const r of chunk.r) {
      rows.push({file: r[0]!, line: r[1]!, column: r[2]!, severity: r[3]!, rule: r[4]!, reason: chunk.s[r[5]!]!, diff: r[6]! >= 0 ? chunk.s[r[6]!] : undefined, order: rows.length})
    }
  }
  const filter = {rule: -1, severity: -1, section: '', path: ''}

  // The charts filter the table, which is drawn after them.
  let update: () => void = () => {}
  const main = el('main')
  document.body.append(main)
  const themeButton = el('button', {type: 'button', id: 'theme'}, 'Dark theme')
  const setTheme = (theme: string) => {
    document.documentElement.dataset['theme'] = theme
    themeButton.textContent = theme === 'dark' ? 'Light theme' : 'Dark theme'
  }
  setTheme(matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light')
  themeButton.addEventListener('click', () => setTheme(document.documentElement.dataset['theme'] === 'dark' ? 'light' : 'dark'))
  const date = new Date(meta.date)
  main.append(
    el('header', {}, el('h1', {}, 'docs-lint report'), el('span', {class: 'muted'}, 'docs-lint ' + meta.version + ' · ' + date.toISOString().slice(0, 16).replace('T', ' ') + ' UTC'), themeButton)
  )

  const total = meta.counts.error + meta.counts.warning + meta.counts.info
  const card = (id: string, label: string, value: string, kind = '') => el('div', {class: 'card ' + kind}, el('b', {id}, value), label)
  main.append(
    el(
      'section',
      {class: 'cards', 'aria-label': 'Summary'},
      card('count-pages', 'pages', formatNumber(meta.pages)),
      card('count-total', 'findings', formatNumber(total)),
      card('count-error', 'errors', formatNumber(meta.counts.error), 'error'),
      card('count-warning', 'warnings', formatNumber(meta.counts.warning), 'warning'),
      card('count-info', 'info', formatNumber(meta.counts.info), 'info'),
      card('count-fixable', 'fixable with --fix', formatNumber(meta.counts.fixable)),
      ...(meta.durationMs === null ? [] : [card('run-time', 'run time', meta.durationMs < 1000 ? meta.durationMs + ' ms' : (meta.durationMs / 1000).toFixed(1) + ' s')])
    )
  )

  const tally = (key: (row: Row) => string) => {
    const counts = new Map<string, number>()
    for (const row of rows) counts.set(key(row), (counts.get(key(row)) ?? 0) + 1)
    return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
  }
  const ruleNumber = new Map(meta.rules.map((rule, index) => [rule.id, index]))
  main.append(
    el(
      'div',
      {class: 'charts'},
      barChart('chart-rules', 'Findings per rule', tally((row) => meta.rules[row.rule]!.id), (name) => filter.rule === ruleNumber.get(name), (name) => {
        const index = ruleNumber.get(name)!
        filter.rule = filter.rule === index ? -1 : index
        update()
      }),
      barChart('chart-sections', 'Findings per section', tally((row) => meta.sections[row.file]!), (name) => filter.section === name, (name) => {
        filter.section = filter.section === name ? '' : name
        update()
      }),
      barChart('chart-pages', 'Pages with most findings', tally((row) => meta.files[row.file]!).slice(0, 10), (name) => filter.path === name, (name) => {
        filter.path = filter.path === name ? '' : name
        update()
      }, (name) => (name.startsWith(meta.root) ? name.slice(meta.root.length) : name))
    )
  )

  update = findingsTable(main, meta, rows, filter, ruleNumber)
  update()
}

/**
 * The filters, the status line and the table of findings, appended to `main`. Returns what draws the
 * table again after `filter` changed, keeping the page of rows shown when asked.
 */
function findingsTable(main: HTMLElement, meta: Meta, rows: readonly Row[], filter: Filter, ruleNumber: ReadonlyMap<string, number>): (keepPage?: boolean) => void {
  const severities = ['error', 'warning', 'info']
  const pageSize = 200
  const sort: {key: Key; ascending: boolean} = {key: 'file', ascending: true}
  let shown = pageSize
  const ruleSelect = el('select', {id: 'filter-rule'}, el('option', {value: '-1'}, 'All rules'))
  meta.rules.map((rule, index) => [rule.id, index] as const).sort((a, b) => a[0].localeCompare(b[0])).forEach(([id, index]) => ruleSelect.append(el('option', {value: String(index)}, id)))
  const severitySelect = el('select', {id: 'filter-severity'}, el('option', {value: '-1'}, 'All severities'), ...severities.map((name, index) => el('option', {value: String(index)}, name)))
  const pathInput = el('input', {id: 'filter-path', type: 'search', placeholder: 'part of a path', autocomplete: 'off'})
  const clear = el('button', {type: 'button', id: 'filter-clear'}, 'Clear filters')
  ruleSelect.addEventListener('change', () => ((filter.rule = Number(ruleSelect.value)), update()))
  severitySelect.addEventListener('change', () => ((filter.severity = Number(severitySelect.value)), update()))
  pathInput.addEventListener('input', () => ((filter.path = pathInput.value), (filter.section = ''), update()))
  clear.addEventListener('click', () => {
    Object.assign(filter, {rule: -1, severity: -1, section: '', path: ''})
    update()
  })
  const status = el('p', {id: 'status', role: 'status', 'aria-live': 'polite'})
  main.append(
    el(
      'section',
      {'aria-label': 'Findings'},
      el('h2', {}, 'Findings'),
      el('div', {class: 'filters'}, el('label', {}, 'Rule', ruleSelect), el('label', {}, 'Severity', severitySelect), el('label', {}, 'Path', pathInput), clear),
      status
    )
  )

  const columns: Array<[Key, string]> = [['file', 'File'], ['line', 'Line:Col'], ['severity', 'Severity'], ['rule', 'Rule'], ['reason', 'Message']]
  const headRow = el('tr')
  for (const [key, label] of columns) {
    const button = el('button', {type: 'button'}, label)
    button.addEventListener('click', () => {
      sort.ascending = sort.key === key ? !sort.ascending : true
      sort.key = key
      update()
    })
    headRow.append(el('th', {scope: 'col', 'data-key': key}, button))
  }
  const body = el('tbody')
  const table = el('table', {id: 'findings'}, el('caption', {class: 'muted', style: 'text-align:left'}, 'Press a column’s name to sort by it.'), el('thead', {}, headRow), body)
  const more = el('button', {type: 'button', id: 'show-more'}, '')
  more.addEventListener('click', () => {
    shown += pageSize
    update(true)
  })
  main.append(table, el('p', {}, more))

  const compare: Record<Key, (a: Row, b: Row) => number> = {
    file: (a, b) => a.file - b.file || a.line - b.line || a.column - b.column,
    line: (a, b) => a.line - b.line || a.column - b.column || a.file - b.file,
    severity: (a, b) => a.severity - b.severity || a.file - b.file || a.line - b.line,
    rule: (a, b) => meta.rules[a.rule]!.id.localeCompare(meta.rules[b.rule]!.id) || a.file - b.file || a.line - b.line,
    reason: (a, b) => a.reason.localeCompare(b.reason) || a.order - b.order
  }

  function rowOf(row: Row): HTMLTableRowElement {
    const rule = meta.rules[row.rule]!
    const message = el('td', {'data-label': 'Message'}, row.reason)
    if (row.diff !== undefined) {
      const pre = el('pre', {class: 'diff', 'aria-label': 'The fix'})
      for (const line of row.diff.split('\n')) pre.append(el('span', {class: line.startsWith('+') ? 'add' : 'del'}, line))
      message.append(el('details', {}, el('summary', {}, 'Fix'), pre))
    }
    const ruleCell = el('td', {'data-label': 'Rule'})
    ruleCell.append(rule.url ? el('a', {href: rule.url, title: rule.summary}, rule.id) : rule.id)
    const severity = severities[row.severity]!
    return el(
      'tr',
      {},
      el('td', {class: 'file', 'data-label': 'File'}, meta.files[row.file]!),
      el('td', {class: 'pos', 'data-label': 'Line:Col'}, row.line + ':' + row.column),
      el('td', {'data-label': 'Severity'}, el('span', {class: 'sev sev-' + severity}, severity)),
      ruleCell,
      message
    )
  }

  function update(keepPage = false): void {
    if (!keepPage) shown = pageSize
    const needle = filter.path.toLowerCase()
    const matching = rows.filter(
      (row) =>
        (filter.rule < 0 || row.rule === filter.rule) &&
        (filter.severity < 0 || row.severity === filter.severity) &&
        (filter.section === '' || meta.sections[row.file] === filter.section) &&
        (needle === '' || meta.files[row.file]!.toLowerCase().includes(needle))
    )
    const order = compare[sort.key]
    matching.sort(sort.ascending ? order : (a, b) => order(b, a))
    body.replaceChildren(...matching.slice(0, shown).map(rowOf))
    const left = matching.length - Math.min(shown, matching.length)
    more.hidden = left === 0
    more.textContent = 'Show ' + Math.min(left, pageSize) + ' more (' + formatNumber(left) + ' not shown)'
    const parts = [filter.rule >= 0 ? 'rule ' + meta.rules[filter.rule]!.id : '', filter.severity >= 0 ? severities[filter.severity] + 's' : '', filter.section ? 'section ' + filter.section : '', filter.path ? 'path “' + filter.path + '”' : ''].filter(Boolean)
    status.textContent = 'Showing ' + formatNumber(matching.length) + ' of ' + formatNumber(rows.length) + ' findings' + (parts.length > 0 ? ' (' + parts.join(', ') + ')' : '')
    ruleSelect.value = String(filter.rule)
    severitySelect.value = String(filter.severity)
    if (pathInput.value !== filter.path) pathInput.value = filter.path
    for (const th of headRow.children) th.setAttribute('aria-sort', (th as HTMLElement).dataset['key'] === sort.key ? (sort.ascending ? 'ascending' : 'descending') : 'none')
    for (const bar of document.querySelectorAll<HTMLButtonElement>('button.bar')) {
      const section = bar.closest('section')!.id
      const name = bar.dataset['name']!
      const on = section === 'chart-rules' ? filter.rule === ruleNumber.get(name) : section === 'chart-sections' ? filter.section === name : filter.path === name
      bar.setAttribute('aria-pressed', String(on))
    }
  }
  return update
}

/** The script of the report page: every function above, then the call that draws the page. */
export function reportScript(): string {
  // Each function holds its own constants: a bundler may rename a module's names, never a function's locals.
  return [...[el, formatNumber, barChart, findingsTable].map(String), '(' + reportApp.toString() + ')()'].join('\n')
}
