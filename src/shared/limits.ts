/**
 * Pages larger than this many bytes get one `file-too-large` message and are not parsed
 * (`--max-file-size` changes it). Here, not in the parser: the engine reads it on runs that parse nothing.
 */
export const defaultMaxFileSize = 5 * 1024 * 1024
