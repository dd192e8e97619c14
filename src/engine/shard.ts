// Which shard of a CI matrix a page belongs to: the split every runner and the merge agree on.

/** The shard (1-based) a page belongs to: FNV-1a of its `/`-separated path (`relativeTo`), so every runner agrees. */
export function shardOf(key: string, count: number): number {
  let hash = 0x811c9dc5
  for (let index = 0; index < key.length; index++) {
    hash ^= key.charCodeAt(index)
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return (hash % count) + 1
}
