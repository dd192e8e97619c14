// Files in a docs repository that the platform never publishes as pages, or that are written for AI
// assistants rather than readers. Discovery never lints them; the site model does not count them as
// pages; orphan-pages never counts their links. Taken from @mintlify/common 1.0.1211
// (`DEFAULT_MINT_IGNORES` in mintIgnore.js, `excludedMdFiles` and `skill.md` in getFileCategory.js).

/**
 * What the platform never publishes (gitignore patterns, matched without regard to case as the
 * platform's `ignore` package does: a name matches at any depth). Hidden folders are left out besides
 * (see `src/site/ignore.ts`).
 */
export const platformIgnores = [
  '.git/', '.github/', '.claude/', '.agents/', '.idea/', '.vscode/', 'node_modules/',
  'README.md', 'LICENSE.md', 'CHANGELOG.md', 'CONTRIBUTING.md',
  // Not ignored but never a page either: `getFileCategory` gives these `.md` names no category.
  'CONTRIBUTE.md'
] as const

/**
 * Instructions for AI assistants, not pages for readers. The platform would serve most of them at their
 * path unless `.mintignore` lists them (a `skill.md` at the root it keeps as a skill file, not a page),
 * but their headings and prose follow no page convention, so no rule (orphan-pages neither) reads them.
 * Only `.md`: an `agents.mdx` is a page about agents.
 */
export const assistantInstructions = [
  '.cursor/', '.windsurf/', '.clinerules/', 'CLAUDE.md', 'CLAUDE.local.md', 'AGENTS.md', 'AGENT.md', 'GEMINI.md', 'SKILL.md', 'skill.md'
] as const

const folders = new Set([...platformIgnores, ...assistantInstructions].filter((entry) => entry.endsWith('/')).map((entry) => entry.slice(0, -1).toLowerCase()))
const names = new Set<string>([...platformIgnores, ...assistantInstructions].filter((entry) => !entry.endsWith('/')).map((entry) => entry.toLowerCase()))

/** Whether a `/`-separated path relative to the site root is one of the files above (no reader sees it). */
export function neverReadByReaders(relative: string): boolean {
  const parts = relative.toLowerCase().split('/')
  if (names.has(parts.at(-1)!)) return true
  return parts.slice(0, -1).some((part) => folders.has(part))
}
