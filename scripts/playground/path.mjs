// `node:path` for the playground's browser bundle: pathe, POSIX paths on any platform.
import * as pathe from 'pathe'
export * from 'pathe'
export default pathe
