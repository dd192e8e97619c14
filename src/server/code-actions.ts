// The editor's code actions: a quick fix for each fixable problem, its suggestions, and "fix all",
// which applies what `--fix` would and never carries a masked secret back into the page.
import type {VFileMessage} from 'vfile-message'
import {CodeActionKind, type CodeAction, type CodeActionParams, type TextEdit, type WorkspaceEdit} from 'vscode-languageserver'
import type {TextDocument} from 'vscode-languageserver-textdocument'
import type {ResolvedConfig} from '../config/resolve.js'
import {SOURCE, type MessageExtras, type TextEdit as OffsetEdit} from '../contract.js'
import {fixText} from '../fix/fix.js'
import {reportableEdits} from '../page/redact.js'
import {FIX_ALL_KIND, editsBetween, editsWithoutSecrets, kindRequested, messageRange, messageToDiagnostic, rangesTouch} from './convert.js'

/** What the code actions read of a page's lint: its version, text, messages and config. */
export interface CodeActionPage {
  version: number
  text: string
  path: string | undefined
  messages: VFileMessage[]
  bom: boolean
  config: ResolvedConfig | undefined
}

/**
 * The quick fixes of the problems in `params.range`, and the fix-all edit (exactly what `--fix` does to
 * the file), for a page's lint result. `isCurrent` says whether the document is still that version.
 */
export async function codeActionsFor(
  document: TextDocument,
  params: CodeActionParams,
  page: CodeActionPage,
  options: {versionedEdits: boolean; isCurrent: () => boolean}
): Promise<CodeAction[]> {
  const only = params.context.only
  const wantQuickFixes = kindRequested(CodeActionKind.QuickFix, only)
  const wantFixAll = kindRequested(FIX_ALL_KIND, only)
  if (!wantQuickFixes && !wantFixAll) return []
  if (page.version !== document.version) return []
  const actions: CodeAction[] = []
  if (wantQuickFixes) {
    for (const message of page.messages) {
      // A fix whose text had a secret masked out would write the mask into the page.
      const extras = reportableEdits(message)
      if (!extras.fix?.length && !extras.suggestions?.length) continue
      if (!rangesTouch(messageRange(message, page.bom), params.range)) continue
      const diagnostic = messageToDiagnostic(message, page.bom)
      const count = (extras.fix?.length ? 1 : 0) + (extras.suggestions?.length ?? 0)
      if (extras.fix?.length) {
        actions.push({
          title: 'Fix this ' + (message.ruleId ?? SOURCE) + ' problem',
          kind: CodeActionKind.QuickFix,
          diagnostics: [diagnostic],
          isPreferred: true,
          edit: workspaceEdit(options.versionedEdits, document, offsetEdits(document, extras.fix, page.bom))
        })
      }
      for (const suggestion of extras.suggestions ?? []) {
        actions.push({
          title: suggestion.description,
          kind: CodeActionKind.QuickFix,
          diagnostics: [diagnostic],
          isPreferred: count === 1,
          edit: workspaceEdit(options.versionedEdits, document, offsetEdits(document, suggestion.edits, page.bom))
        })
      }
    }
  }
  if (wantFixAll && page.config && page.path !== undefined && page.messages.some((message) => (message as MessageExtras).fix?.length)) {
    // Exactly what `--fix` does to the file: the same passes over the same config.
    const fixed = await fixText(page.text, page.path, page.config)
    // The edit carries no secret back: the editor shows the page's secrets masked everywhere else.
    const {redactorFor} = await import('../linter/secrets.js')
    const between = fixed.changed ? editsWithoutSecrets(page.text, editsBetween(page.text, fixed.output), redactorFor([page.text], page.config)) : undefined
    if (between && options.isCurrent()) {
      const edits = offsetEdits(document, between, false)
      actions.push({
        title: 'Fix all docs-lint problems',
        kind: FIX_ALL_KIND,
        diagnostics: [],
        edit: workspaceEdit(options.versionedEdits, document, edits)
      })
    }
  }
  return actions
}

function offsetEdits(document: TextDocument, edits: readonly OffsetEdit[], bom: boolean): TextEdit[] {
  const shift = bom ? 1 : 0
  return edits.map((edit) => ({
    range: {start: document.positionAt(edit.start + shift), end: document.positionAt(edit.end + shift)},
    newText: edit.text
  }))
}

function workspaceEdit(versionedEdits: boolean, document: TextDocument, edits: TextEdit[]): WorkspaceEdit {
  if (versionedEdits) {
    return {documentChanges: [{textDocument: {uri: document.uri, version: document.version}, edits}]}
  }
  return {changes: {[document.uri]: edits}}
}
