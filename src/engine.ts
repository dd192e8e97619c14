// The engine's public face; its parts are in src/engine/ (see docs/architecture.mdx).
export {lint, type LintOptions, type LintResult} from './engine/lint.js'
export {autoJobs, workerThresholdBytes} from './engine/dispatch.js'
export {discoveryOptions, isInside, mintignorePatterns, screenFolders, shardOf, type Screened} from './engine/discover.js'
export {linearQueue} from './engine/unified-engine-shims.js'
export {withheldKey} from './engine/withheld.js'
