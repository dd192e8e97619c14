/**
 * What `example-output` knows: the fence languages it reads, the blocks and the words that show or
 * tell an example's output, and the results that are a setup rather than an outcome.
 */

import {codeFamilies, type CodeFamily} from './shared/code-families.js'

export type OutputFamily = CodeFamily

/** Fence languages (lower-cased) read, by family. */
export const outputLanguages = codeFamilies

/** Fence languages of a block that shows what a program printed or returned. */
export const outputBlockLanguages: ReadonlySet<string> = new Set([
  '', 'text', 'txt', 'plaintext', 'plain', 'output', 'console', 'log', 'logs', 'json', 'jsonc', 'json5', 'jsonl', 'shell-session', 'shellsession', 'terminal', 'ansi', 'sh-session', 'out', 'stdout', 'result', 'yaml', 'yml', 'none'
])

/** A block's title (its meta) or a component's title that names output. */
export const outputTitle = /\b(?:output|outputs|result|results|response|responses|returns|prints|console|logs?|example response|stdout)\b/i

/** Components that show output or hold the response. */
export const outputComponents: ReadonlySet<string> = new Set(['ResponseExample', 'ResponseField', 'Output', 'Expected', 'Result', 'Response'])

/** Prose right after (or right before) a block that tells what it returns, prints or shows. */
export const tellsOutput =
  /\b(?:returns?|returned|returning|prints?|printed|printing|outputs?|output(?:ted|s)|you(?:'ll| will| should| can)? see|results? (?:is|are|will|should|looks?|contains?|includes?)|the results?\b|responses?|shows?|displays?|logs?|logged|looks? like|contains?|yields?|gives? you|produces?|similar to|expected)\b/i

/** The comments after a result that show or tell it: `# [{'id': …}]`, `// returns the user`. */
export const commentTellsOutput = /(?:\b(?:outputs?|returns?|results? (?:in|is|are)|prints?|=>|->|→|e\.g\.|example:|expected)\b|[[{'"])/i

/**
 * Names of results that are a setup for what follows (a client, a config, a server), not the outcome
 * a reader wants to see.
 */
export const setupName =
  /(?:client|config|settings|options|opts|key|token|secret|url|uri|app|server|agent|llm|model|engine|session|conn|connection|db|database|store|index|collection|table|bucket|tool|tools|pipeline|runner|workflow|graph|chain|handler|router|logger|env|provider|transport|browser|page|context|ctx|driver|cursor|credentials?|auth|service|instance|workspace|project|schema|trace|task|stream|listener|subscription|channel|socket|queue|worker|scheduler|emitter|span|tracer|sdk|api|deployment|memory|vector_?store|retriever|embedder|embeddings?|splitter|loader|parser|template|prompt|signer|keypair|wallet|account|program|provider)s?$/i

/** The last part of a callee that makes a setup (a client, a config, a path), whatever the name of its result. */
export const setupCall =
  /^(?:start|begin|open|launch|spawn|init|connect|setup|configure|load|from|getenv|get_?env|get_?client|getClient|require|import|use|define|register|compile|bind|with|as_|to_|wrap|field|partial|join|resolve|dirname|basename|dumps|loads|stringify|parse|encode|decode|environ)/i

/** The last part of a callee that makes one when called on a class (`Sandbox.create`) or on its own (`createClient`). */
export const factoryCall = /^(?:create|make|build|new|open|start|launch|spawn|get|default|of|for)/i

/** The last part of a callee that changes something and gives back only a status: a delete, an update. */
export const mutationCall = /^(?:delete|remove|destroy|drop|clear|reset|update|set|deactivate|activate|cancel|close|stop|disconnect|unsubscribe|archive|revoke|add|insert|upsert)/i

/** Headings of a page or of a section that tell what a call gives: `Returns`, `Example Response`. */
export const outputHeading = /^(?:returns?|return value|responses?|example responses?|example output|output|outputs|results?|expected output|sample output)\b/i

/** A comment that marks a block as a comparison of a right and a wrong way, not a program to run. */
export const comparisonComment = /^[ \t]*(?:#|\/\/)[ \t]*(?:✅|❌|good\b|bad\b|don't\b|avoid\b|correct\b|incorrect\b|wrong\b)/im

/** Pages that show an API's shape rather than outcomes: migration guides, changelogs, release notes. */
export const shapePages = /(?:^|[\\/])(?:migrations?|migrat[\w-]*|changelogs?|release-notes|upgrad[\w-]*)(?:[\\/.]|$)/i
