// What the bench scripts share: where the corpora are, and the pages of a folder.
import {spawnSync} from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import {fileURLToPath} from 'node:url'

/** The real documentation repositories, beside this project in ../shared/corpora. */
export const corporaRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../shared/corpora')

/** The project's own folder (bench/..). */
const project = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/**
 * Exit with a message unless the corpora are beside the project and docs-lint is built: the bench
 * scripts run the command line's bundle (dist/bundle) and import the compiled modules (dist/src).
 */
export function requireCorporaAndBuild(script) {
  if (!fs.existsSync(corporaRoot)) {
    console.error(script + ': needs the corpora in ../shared/corpora (real documentation repositories beside this project).')
    process.exit(2)
  }
  if (!fs.existsSync(path.join(project, 'dist/bundle/docs-lint.cjs')) || !fs.existsSync(path.join(project, 'dist/src/cli/index.js'))) {
    console.error(script + ': build first (npm run build)')
    process.exit(2)
  }
}

/** The .md and .mdx files below `folder`, sorted; dot folders and node_modules are left out. */
export function pageFiles(folder) {
  const out = []
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, {withFileTypes: true})) {
      if (entry.name.startsWith('.') || entry.name === 'node_modules') continue
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) walk(full)
      else if (/\.mdx?$/.test(entry.name)) out.push(full)
    }
  }
  walk(folder)
  return out.sort()
}

/** The folders named on the command line, else every corpus; exits with a message when there are none. */
export function foldersFromArguments(script, names = process.argv.slice(2)) {
  if (names.length > 0) return names.map((name) => path.resolve(name))
  if (fs.existsSync(corporaRoot)) {
    return fs.readdirSync(corporaRoot).filter((name) => !name.startsWith('.')).sort().map((name) => path.join(corporaRoot, name))
  }
  console.error(script + ': no folders given and the corpora are not in ../shared/corpora')
  process.exit(2)
}

/**
 * Put a script's section (its lines, a heading first) in bench/results.md between the script's own
 * markers, replacing what was there, or at the end. bench/run.mjs keeps what follows the scale section.
 */
export function writeResultsSection(script, lines) {
  const begin = '<!-- ' + script + ': begin -->'
  const end = '<!-- ' + script + ': end -->'
  const section = [begin, ...lines, end].join('\n')
  const resultsFile = path.join(project, 'bench/results.md')
  const previous = fs.existsSync(resultsFile) ? fs.readFileSync(resultsFile, 'utf8') : ''
  const from = previous.indexOf(begin)
  const to = previous.indexOf(end)
  fs.writeFileSync(resultsFile, from === -1 || to === -1 ? previous.trimEnd() + '\n\n' + section + '\n' : previous.slice(0, from) + section + previous.slice(to + end.length))
}

/** The short hash of the commit the bench runs, for its results; '' outside a git checkout. */
export function currentCommit() {
  const result = spawnSync('git', ['rev-parse', '--short', 'HEAD'], {cwd: project, encoding: 'utf8'})
  return result.status === 0 ? result.stdout.trim() : ''
}
