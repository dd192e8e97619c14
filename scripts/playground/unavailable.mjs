// Stands in for a Node built-in in the playground's browser bundle: present, never usable.
const unavailable = (name) => () => {
  throw new Error('`' + name + '` is not available in the browser')
}
export const createRequire = () => (name) => unavailable('require(' + name + ')')()
export const existsSync = () => false
export const readFileSync = unavailable('fs.readFileSync')
export const statSync = unavailable('fs.statSync')
export const randomBytes = unavailable('crypto.randomBytes')
export const createHash = unavailable('crypto.createHash')
export const isAscii = (bytes) => bytes.every((byte) => byte < 0x80)
export const pbkdf2Sync = unavailable('crypto.pbkdf2Sync')
export const fileURLToPath = (url) => new URL(url).pathname
export const pathToFileURL = (file) => new URL('file://' + file)
export default {existsSync, readFileSync, statSync, promises: {}}
