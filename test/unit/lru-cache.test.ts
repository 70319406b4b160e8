import { describe, expect, it } from 'vitest';
import LruCache from '../../functions/integrations/aws/lru-cache';

describe('the LRU cache that stands in for mnemonist in Lambda bundles', () => {
  it('evicts the least recently used entry when full, counting reads as use', () => {
    // Prepare
    const cache = new LruCache<string, number>(2);
    cache.set('a', 1).set('b', 2);
    // Act
    const read = cache.get('a');
    cache.set('c', 3);
    // Assess
    expect(read).toBe(1);
    expect([cache.has('a'), cache.has('b'), cache.has('c')]).toEqual([true, false, true]);
    expect(cache.size).toBe(2);
  });

  it('peeks without changing the order of use', () => {
    // Prepare
    const cache = new LruCache<string, number>(2);
    cache.set('a', 1).set('b', 2);
    // Act
    const peeked = cache.peek('a');
    cache.set('c', 3);
    // Assess
    expect(peeked).toBe(1);
    expect([cache.has('a'), cache.has('b'), cache.has('c')]).toEqual([false, true, true]);
  });

  it('replaces a value in place, making it the most recently used', () => {
    // Prepare
    const cache = new LruCache<string, number>(2);
    cache.set('a', 1).set('b', 2);
    // Act
    cache.set('a', 10);
    cache.set('c', 3);
    // Assess
    expect(cache.get('a')).toBe(10);
    expect(cache.has('b')).toBe(false);
    expect(cache.size).toBe(2);
  });

  it('forgets everything on clear and refuses a capacity of nothing', () => {
    // Prepare
    const cache = new LruCache<string, number>(3);
    cache.set('a', 1);
    // Act
    cache.clear();
    // Assess
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
    expect(() => new LruCache(0)).toThrow('capacity');
  });
});
