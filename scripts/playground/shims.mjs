// Node's built-ins as the playground's browser bundle sees them: the page rules use `path` on POSIX
// paths (pathe), and nothing a page rule runs reads files, so `fs` and the rest fail if ever called.
export const process = {env: {}, cwd: () => '/', platform: 'browser', versions: {}, emitWarning() {}}
