// The docs-lint VS Code extension: starts the language server of the workspace's own docs-lint, so
// the editor and CI lint with the same version, rules and config.
'use strict'
const fs = require('node:fs')
const path = require('node:path')
const vscode = require('vscode')
const {LanguageClient, TransportKind} = require('vscode-languageclient/node')

const serverScript = path.join('bin', 'docs-lint-language-server.js')

/** @type {LanguageClient | undefined} */
let client

/**
 * The workspace's `docs-lint` install (hoisted or not), else the `docs-lint.serverPath` setting. In an
 * untrusted workspace, only the setting: the workspace's `node_modules` is code it could have planted.
 */
function findServer() {
  for (const folder of vscode.workspace.isTrusted ? vscode.workspace.workspaceFolders ?? [] : []) {
    try {
      const manifest = require.resolve('docs-lint/package.json', {paths: [folder.uri.fsPath]})
      const candidate = path.join(path.dirname(manifest), serverScript)
      if (fs.existsSync(candidate)) return candidate
    } catch {
      // Not installed in this folder; try the next one.
    }
  }
  const configured = vscode.workspace.getConfiguration('docs-lint').get('serverPath')
  if (typeof configured === 'string' && configured !== '') {
    const base = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? process.cwd()
    const candidate = path.resolve(base, configured)
    if (fs.existsSync(candidate)) return candidate
  }
  return undefined
}

/** @param {vscode.ExtensionContext} context */
async function activate(context) {
  // Trust granted later: start again, now with the workspace's server and its JavaScript configs.
  context.subscriptions.push(
    vscode.workspace.onDidGrantWorkspaceTrust(async () => {
      if (client) await client.stop()
      client = undefined
      await start(context)
    })
  )
  await start(context)
}

/** @param {vscode.ExtensionContext} context */
async function start(context) {
  const server = findServer()
  if (!server && !vscode.workspace.isTrusted) {
    void vscode.window.showInformationMessage(
      'docs-lint: trust this workspace to lint with its own docs-lint, or set `docs-lint.serverPath` in your user settings.'
    )
    return
  }
  if (!server) {
    void vscode.window.showWarningMessage(
      'docs-lint: no language server found. Run `npm install --save-dev docs-lint` in your workspace, or set `docs-lint.serverPath`.'
    )
    return
  }
  const run = {module: server, transport: TransportKind.stdio}
  client = new LanguageClient(
    'docs-lint',
    'docs-lint',
    {run, debug: run},
    {
      documentSelector: [
        {scheme: 'file', language: 'markdown'},
        {scheme: 'file', language: 'mdx'},
        {scheme: 'file', pattern: '**/*.{md,mdx}'},
        {scheme: 'untitled', language: 'markdown'},
        {scheme: 'untitled', language: 'mdx'}
      ],
      synchronize: {configurationSection: 'docs-lint'},
      // The server runs no config written in JavaScript in an untrusted workspace.
      initializationOptions: {trusted: vscode.workspace.isTrusted}
    }
  )
  context.subscriptions.push(client)
  await client.start()
}

async function deactivate() {
  if (client) await client.stop()
}

module.exports = {activate, deactivate}
