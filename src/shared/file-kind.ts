// What a path names, without throwing: a missing or unreadable path is neither a file nor a folder.
import fs from 'node:fs'

/** Whether `path` is a folder (a link to one counts). */
export function isFolder(path: string): boolean {
  try {
    return fs.statSync(path).isDirectory()
  } catch {
    return false
  }
}

/** Whether `path` is a regular file itself: a link to one does not count, so nothing is read through it. */
export function isFile(path: string): boolean {
  try {
    return fs.lstatSync(path).isFile()
  } catch {
    return false
  }
}
