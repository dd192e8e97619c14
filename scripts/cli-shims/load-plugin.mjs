// The command line's bundle holds this in place of load-plugin. unified-engine calls load-plugin only
// for a plugin or a reporter given by name; docs-lint gives it functions, always (its config files
// name rules, not plugins). The real package would cost every cold run its dependencies (npm's config
// reader, semver, package-json and git helpers: some 450 KB of the engine's chunk, and npm's option
// definitions built as the module loads).

/** Never called by docs-lint; fails plainly if that ever changes. */
export async function loadPlugin(name) {
  throw new Error('docs-lint does not load plugins by name (`' + name + '`)')
}

/** Never called by docs-lint; fails plainly if that ever changes. */
export async function resolvePlugin(name) {
  throw new Error('docs-lint does not load plugins by name (`' + name + '`)')
}
