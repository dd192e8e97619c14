import type {JsonMessage} from '../reporters/json.js'
import {lintPage, siteRules, type PlaygroundResult} from './lint.js'
import {offsetAt} from '../shared/text.js'

/** A page with a few problems the recommended rules find, so the playground opens on something to see. */
export const examplePage = `---
title: Quickstart
---

# Quickstart

Install the SDK, then click [here](https://example.com/sdk) to create a key.

![](/images/dashboard.png)

\`\`\`
npm install example-sdk
\`\`\`
`

/** Re-lint at most this often while the writer types; a slower result that a newer one overtook is dropped. */
const debounceMs = 200

function byId<T extends HTMLElement>(id: string): T {
  return document.getElementById(id) as T
}

function element<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Record<string, string>, ...children: Array<Node | string>): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag)
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value)
  node.append(...children)
  return node
}

function start(): void {
  const source = byId<HTMLTextAreaElement>('source')
  const name = byId<HTMLInputElement>('name')
  const preset = byId<HTMLSelectElement>('preset')
  const status = byId<HTMLElement>('status')
  const list = byId<HTMLOListElement>('messages')
  const fixed = byId<HTMLElement>('fixed')
  const diff = byId<HTMLElement>('diff')
  const apply = byId<HTMLButtonElement>('apply')
  let latest: PlaygroundResult | undefined

  byId<HTMLElement>('site-rules').replaceChildren(
    ...siteRules.map((rule) => element('li', {}, element('a', {href: rule.url}, rule.id), ' — ' + rule.summary))
  )

  function show(result: PlaygroundResult): void {
    latest = result
    const counts = {error: 0, warning: 0, info: 0}
    for (const message of result.messages) counts[message.severity]++
    status.textContent = result.messages.length === 0
      ? 'No problems found'
      : result.messages.length + (result.messages.length === 1 ? ' problem' : ' problems') + ' (' + counts.error + ' errors, ' + counts.warning + ' warnings, ' + counts.info + ' info)'
    list.replaceChildren(...result.messages.map(item))
    fixed.hidden = result.diff === ''
    diff.replaceChildren(
      ...result.diff.split('\n').filter((line) => !line.startsWith('===')).map((line) =>
        element('span', {class: line.startsWith('+') && !line.startsWith('+++') ? 'add' : line.startsWith('-') && !line.startsWith('---') ? 'del' : ''}, line)
      )
    )
  }

  function item(message: JsonMessage): HTMLLIElement {
    const place = element('button', {type: 'button', class: 'place', title: 'Show in the page'}, (message.line ?? 1) + ':' + (message.column ?? 1))
    place.addEventListener('click', () => {
      const offset = offsetAt(source.value, message.line ?? 1, message.column ?? 1)
      source.focus()
      source.setSelectionRange(offset, offsetAt(source.value, message.endLine ?? message.line ?? 1, message.endColumn ?? message.column ?? 1))
    })
    const rule = message.url ? element('a', {href: message.url}, message.ruleId ?? '') : element('span', {}, message.ruleId ?? '')
    return element(
      'li',
      {class: 'message'},
      place,
      element('span', {class: 'sev sev-' + message.severity}, message.severity),
      element('span', {class: 'reason'}, message.reason, ...(message.fix ? [element('span', {class: 'fixable'}, 'fixable')] : [])),
      rule
    )
  }

  let version = 0
  let timer: ReturnType<typeof setTimeout> | undefined
  function schedule(): void {
    clearTimeout(timer)
    timer = setTimeout(run, debounceMs)
  }
  async function run(): Promise<void> {
    const mine = ++version
    status.textContent = 'Linting…'
    try {
      const result = await lintPage(source.value, name.value.trim() || 'page.mdx', preset.value as 'recommended')
      if (mine === version) show(result)
    } catch (error) {
      if (mine === version) status.textContent = 'docs-lint failed on this page: ' + String((error as Error).message ?? error)
    }
  }
  apply.addEventListener('click', () => {
    if (!latest?.fixed) return
    source.value = latest.fixed
    void run()
  })
  source.addEventListener('input', schedule)
  name.addEventListener('input', schedule)
  preset.addEventListener('change', schedule)
  if (source.value === '') source.value = examplePage
  void run()
}

if (typeof document !== 'undefined') {
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start)
  else start()
}
