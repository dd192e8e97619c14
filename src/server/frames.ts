import {Transform, type TransformCallback} from 'node:stream'

/** The largest frame accepted: a 5 MB page sent as JSON, escaped, with room to spare. */
export const maxFrameBytes = 64 * 1024 * 1024
/** A header section longer than this has no end: no client sends more than a few lines. */
const maxHeaderBytes = 8 * 1024
const headerEnd = Buffer.from('\r\n\r\n')

/**
 * Checks the LSP framing of what a client sends before the protocol reader sees it, and passes
 * each whole frame through unchanged. vscode-jsonrpc takes `Content-Length: abc` as an error
 * but keeps reading, and waits forever for `-10` or 10^12 bytes: the server would stay alive and
 * answer nothing. A frame like these ends the stream instead, with `onBadFrame` told why: the
 * connection closes and the client, seeing the server exit, starts a new one.
 */
export class FrameGuard extends Transform {
  private buffered: Buffer = Buffer.alloc(0)
  /** Bytes of the current frame's body still to come, or -1 while reading a header. */
  private bodyLeft = -1
  private rejected = false

  constructor(private readonly onBadFrame: (reason: string) => void) {
    super()
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    if (this.rejected) return callback()
    this.buffered = this.buffered.length === 0 ? chunk : Buffer.concat([this.buffered, chunk])
    for (;;) {
      if (this.bodyLeft >= 0) {
        const take = Math.min(this.bodyLeft, this.buffered.length)
        if (take > 0) {
          this.push(this.buffered.subarray(0, take))
          this.buffered = this.buffered.subarray(take)
          this.bodyLeft -= take
        }
        if (this.bodyLeft > 0) return callback()
        this.bodyLeft = -1
      }
      if (this.buffered.length === 0) return callback()
      const end = this.buffered.indexOf(headerEnd)
      if (end === -1) {
        if (this.buffered.length > maxHeaderBytes) return this.reject('a header of over ' + maxHeaderBytes + ' bytes with no end', callback)
        return callback()
      }
      const header = this.buffered.subarray(0, end).toString('ascii')
      const problem = headerProblem(header)
      if (typeof problem === 'string') return this.reject(problem, callback)
      this.push(this.buffered.subarray(0, end + headerEnd.length))
      this.buffered = this.buffered.subarray(end + headerEnd.length)
      this.bodyLeft = problem
    }
  }

  private reject(reason: string, callback: TransformCallback): void {
    this.rejected = true
    this.buffered = Buffer.alloc(0)
    this.onBadFrame(reason)
    this.push(null)
    callback()
  }
}

/** The body length a header announces, or what is wrong with it. */
function headerProblem(header: string): number | string {
  let length: number | undefined
  for (const line of header.split('\r\n')) {
    const colon = line.indexOf(':')
    if (colon <= 0) return 'a header line that is not `Name: value`: `' + printable(line) + '`'
    if (line.slice(0, colon).trim().toLowerCase() !== 'content-length') continue
    const value = line.slice(colon + 1).trim()
    if (!/^\d{1,15}$/.test(value)) return '`Content-Length: ' + printable(value) + '`, expected a number of bytes'
    length = Number(value)
    if (length > maxFrameBytes) return '`Content-Length: ' + value + '`, larger than the ' + maxFrameBytes / 1024 / 1024 + ' MB limit'
  }
  return length === undefined ? 'a header without `Content-Length`' : length
}

/** At most 40 characters, control characters shown as `?`: the value goes to a log. */
function printable(text: string): string {
  return text.slice(0, 40).replace(/[\u0000-\u001f\u007f-\u009f]/g, '?')
}
