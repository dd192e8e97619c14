// Files in a docs repository that the platform never publishes as pages, or that are written for AI
// assistants rather than readers. Discovery never lints them; orphan-pages never counts their links.

/** What the platform never publishes (gitignore patterns: a name matches at any depth). */
export const platformIgnores = [
  '.git/', '.github/', '.claude/', '.agents/', '.idea/', 'node_modules/',
  'README.md', 'LICENSE.md', 'CHANGELOG.md', 'CONTRIBUTING.md'
] as const

/**
 * Instructions for AI assistants, not pages for readers. The platform would serve them at their path
 * unless `.mintignore` lists them, but their headings and prose follow no page convention, so no rule
 * (orphan-pages neither) reads them. Only `.md`: an `agents.mdx` is a page about agents.
 */
export const assistantInstructions = [
  '.cursor/', '.windsurf/', '.clinerules/', 'CLAUDE.md', 'CLAUDE.local.md', 'AGENTS.md', 'AGENT.md', 'GEMINI.md', 'SKILL.md', 'skill.md'
] as const

const folders = new Set([...platformIgnores, ...assistantInstructions].filter((entry) => entry.endsWith('/')).map((entry) => entry.slice(0, -1)))
const names = new Set<string>([...platformIgnores, ...assistantInstructions].filter((entry) => !entry.endsWith('/')))

/** Whether a `/`-separated path relative to the site root is one of the files above (no reader sees it). */
export function neverReadByReaders(relative: string): boolean {
  const parts = relative.split('/')
  if (names.has(parts.at(-1)!)) return true
  return parts.slice(0, -1).some((part) => folders.has(part))
}
