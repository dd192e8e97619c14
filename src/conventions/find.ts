// The team's rule files inside a folder (never above it): `rules.md` in an editor's hidden folder,
// Cursor's `.cursor/rules/*.mdc` and `.cursorrules`, Windsurf's `.windsurf/rules/*` and `.windsurfrules`,
// `AGENTS.md`, `CLAUDE.md` and `.github/copilot-instructions.md`. `node_modules` and other hidden folders
// are skipped; symbolic links to folders are not followed.
import fs from 'node:fs'
import path from 'node:path'
import {isFile} from '../shared/file-kind.js'

export interface RuleFile {
  absolute: string
  /** Relative to the folder searched, with `/`. */
  relative: string
  /** The folder whose lint configuration applies to it: its own, or the one holding its editor's hidden folder. */
  home: string
}

/** Rule files by name, anywhere in the folder. */
const ruleFileNames = new Set(['AGENTS.md', 'CLAUDE.md', '.cursorrules', '.windsurfrules'])
/** Hidden folders searched, and the rule files each holds (paths inside it). */
const editorFolders: Record<string, (inside: string) => boolean> = {
  '.cursor': (inside) => inside === 'rules.md' || (/^rules\//.test(inside) && /\.mdc?$/i.test(inside)),
  '.windsurf': (inside) => inside === 'rules.md' || (/^rules\//.test(inside) && /\.md$/i.test(inside)),
  '.github': (inside) => inside === 'copilot-instructions.md'
}
/** No folder search goes deeper than this: a rule file sits near the top of a repository. */
const maxDepth = 12

/** Every rule file in `folder`, sorted by path. */
export function findRuleFiles(folder: string): RuleFile[] {
  const found: RuleFile[] = []
  walk(folder, folder, 0, found)
  return found.sort((a, b) => (a.relative < b.relative ? -1 : a.relative > b.relative ? 1 : 0))
}

function entriesOf(directory: string): fs.Dirent[] {
  try {
    return fs.readdirSync(directory, {withFileTypes: true})
  } catch {
    // A folder that cannot be listed holds no rule file docs-lint can read.
    return []
  }
}

function walk(root: string, directory: string, depth: number, found: RuleFile[]): void {
  for (const entry of entriesOf(directory)) {
    const absolute = path.join(directory, entry.name)
    if (entry.isDirectory()) {
      if (entry.name === 'node_modules' || depth >= maxDepth) continue
      if (!entry.name.startsWith('.')) walk(root, absolute, depth + 1, found)
      else if (Object.hasOwn(editorFolders, entry.name)) walkEditorFolder(root, absolute, editorFolders[entry.name]!, found)
      // The spec's rules.md lives in a hidden folder of the editor; other hidden folders hold nothing else of ours.
      else if (entry.name !== '.git' && isFile(path.join(absolute, 'rules.md'))) found.push(ruleFile(root, path.join(absolute, 'rules.md'), directory))
      continue
    }
    if (ruleFileNames.has(entry.name) && (entry.isFile() || entry.isSymbolicLink())) found.push(ruleFile(root, absolute, directory))
  }
}

/** The rule files of one editor folder, at most two levels down (`.cursor/rules/docs/style.mdc`). */
function walkEditorFolder(root: string, editorFolder: string, holds: (inside: string) => boolean, found: RuleFile[]): void {
  const visit = (directory: string, depth: number) => {
    for (const entry of entriesOf(directory)) {
      const absolute = path.join(directory, entry.name)
      const inside = path.relative(editorFolder, absolute).split(path.sep).join('/')
      if (entry.isDirectory() && depth < 3) visit(absolute, depth + 1)
      else if ((entry.isFile() || entry.isSymbolicLink()) && holds(inside)) found.push(ruleFile(root, absolute, path.dirname(editorFolder)))
    }
  }
  visit(editorFolder, 0)
}

function ruleFile(root: string, absolute: string, home: string): RuleFile {
  return {absolute, relative: path.relative(root, absolute).split(path.sep).join('/'), home}
}


/** Whether `file` names a rule file `--write` may write: Markdown, Cursor's `.mdc`, or a legacy rules file. */
export function isRuleFileName(file: string): boolean {
  const name = path.basename(file)
  return /\.(?:md|mdc)$/i.test(name) || name === '.cursorrules' || name === '.windsurfrules'
}
