// Stands in for mnemonist's LRUCache in Lambda bundles only (infra/lambda-bundling.ts). Its one user there is
// @aws-sdk/endpoint-cache, which every DynamoDB client builds for endpoint discovery (off unless a deployment turns
// it on). mnemonist's cache keeps keys and values in typed arrays behind iterator helpers, about 7.5 KB in every
// Lambda; a Map already remembers insertion order, which is all a least-recently-used cache needs. It offers what
// EndpointCache calls (a capacity, get, set, peek, has, clear), no more. It is an ES module's default export, so it
// stands in only where the SDK is bundled from its ES modules (mainFields `module` first, as lambda-bundling.ts
// sets): the CommonJS build would take the module itself for the class. test/unit/lambda-bundling.test.ts runs the
// SDK's EndpointCache on it, bundled as the Lambdas are (docs/decisions/017-bundle-budget.md).

export default class LruCache<K, V> {
  readonly capacity: number;
  private readonly entriesByAge = new Map<K, V>();

  constructor(capacity: number) {
    if (!Number.isInteger(capacity) || capacity <= 0) {
      throw new Error('An LRU cache needs a capacity of at least one entry.');
    }
    this.capacity = capacity;
  }

  get size(): number {
    return this.entriesByAge.size;
  }

  /** Stores the value as the most recently used, evicting the least recently used entry when full. */
  set(key: K, value: V): this {
    this.entriesByAge.delete(key);
    this.entriesByAge.set(key, value);
    if (this.entriesByAge.size > this.capacity) {
      const oldest = this.entriesByAge.keys().next();
      if (!oldest.done) this.entriesByAge.delete(oldest.value);
    }
    return this;
  }

  /** The value, which becomes the most recently used. */
  get(key: K): V | undefined {
    if (!this.entriesByAge.has(key)) return undefined;
    const value = this.entriesByAge.get(key) as V;
    this.entriesByAge.delete(key);
    this.entriesByAge.set(key, value);
    return value;
  }

  /** The value, leaving the order of use as it was. */
  peek(key: K): V | undefined {
    return this.entriesByAge.get(key);
  }

  has(key: K): boolean {
    return this.entriesByAge.has(key);
  }

  clear(): void {
    this.entriesByAge.clear();
  }
}
