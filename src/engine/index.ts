// The engine's public face; its parts are in src/engine/ (see docs/architecture.mdx).
export {lint, type LintOptions, type LintResult} from './lint.js'
export {autoJobs, workerThresholdBytes} from './dispatch.js'
export {discoveryOptions, isInside, mintignorePatterns, screenFolders, shardOf, type Screened} from './discover.js'
export {linearQueue} from './unified-engine-shims.js'
export {withheldKey} from './withheld.js'
