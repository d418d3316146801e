// Bundling substitute for `mnemonist/lru-cache` in the Lambda bundles (an esbuild alias in
// infra/bundling.ts). The DynamoDB client's endpoint-discovery cache (@aws-sdk/endpoint-cache) is
// its only user and needs get/set/has/peek/clear with least-recently-used eviction; mnemonist
// brings ~7 KiB (and obliterator) for that. A Map keeps insertion order, which is enough.
export default class LRUCache<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(private readonly capacity: number) {}

  get(key: K): V | undefined {
    if (!this.entries.has(key)) return undefined;
    const value = this.entries.get(key) as V;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  peek(key: K): V | undefined {
    return this.entries.get(key);
  }

  has(key: K): boolean {
    return this.entries.has(key);
  }

  set(key: K, value: V): this {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as K);
    return this;
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
