import fs from 'node:fs'

/** Config files are a few KB; a megabyte is far more than any real one. */
export const maxConfigBytes = 1024 * 1024

/** Why a file was not read: `is not a regular file (a named pipe)`, `is larger than the 1 MB limit`. */
export class BoundedReadError extends Error {}

/**
 * Read a regular file of at most `maxBytes`: a device (`/dev/zero`), a named pipe or a folder is
 * refused before anything is read, and so is a file that grows past the limit while it is read.
 * Opened without blocking, so that a named pipe with no writer does not wait forever.
 */
export function readBounded(filePath: string, maxBytes: number): Buffer {
  const fd = fs.openSync(filePath, fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0))
  try {
    const stats = fs.fstatSync(fd)
    if (!stats.isFile()) throw new BoundedReadError('is not a regular file (' + kindOf(stats) + ')')
    if (stats.size > maxBytes) throw new BoundedReadError('is larger than the ' + megabytes(maxBytes) + ' limit')
    // Its size is known: read it in one piece (one byte more, to see its end), and on into a larger
    // buffer only if it grew since.
    let buffer = Buffer.allocUnsafe(Math.min(stats.size, maxBytes) + 1)
    let total = 0
    for (;;) {
      if (total === buffer.length) {
        const larger = Buffer.allocUnsafe(Math.min(buffer.length * 2, maxBytes + 1))
        buffer.copy(larger, 0, 0, total)
        buffer = larger
      }
      const read = fs.readSync(fd, buffer, total, buffer.length - total, null)
      if (read === 0) break
      total += read
      if (total > maxBytes) throw new BoundedReadError('is larger than the ' + megabytes(maxBytes) + ' limit')
    }
    return buffer.subarray(0, total)
  } finally {
    fs.closeSync(fd)
  }
}

/** A file's text as UTF-8, without the byte order mark an editor may have saved at its start. */
export function readBoundedText(filePath: string, maxBytes: number): string {
  const text = readBounded(filePath, maxBytes).toString('utf8')
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
}

function kindOf(stats: fs.Stats): string {
  if (stats.isDirectory()) return 'a folder'
  if (stats.isFIFO()) return 'a named pipe'
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'a device'
  if (stats.isSocket()) return 'a socket'
  return 'not a file'
}

function megabytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? Math.round(bytes / 1024 / 1024) + ' MB' : Math.round(bytes / 1024) + ' KB'
}
