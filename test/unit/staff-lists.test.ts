// What staff's lists share (functions/services/admin/staff-lists.ts, decision 037): the search rule, the page cut and
// the order that keeps equal keys stable from page to page.
import { describe, expect, it } from 'vitest';
import { compareBy, fullNameOf, matchesSearch, pageOfList } from '../../functions/services/admin/staff-lists';

describe('matchesSearch', () => {
  it('finds a part of a name or e-mail in any case, or exactly an id, and everything without a search', () => {
    expect(matchesSearch('LOVE', 'fan-1', ['Ada Lovelace', null])).toBe(true);
    expect(matchesSearch('example.com', 'fan-1', [null, 'ada@example.com'])).toBe(true);
    expect(matchesSearch('fan-1', 'FAN-1', [])).toBe(true);
    expect(matchesSearch('fan-', 'fan-1', ['Ada'])).toBe(false);
    expect(matchesSearch('  ', 'fan-1', [])).toBe(true);
    expect(matchesSearch(undefined, 'fan-1', [])).toBe(true);
  });
});

describe('pageOfList', () => {
  it('cuts a numbered page and counts the pages; a page past the last is empty', () => {
    const items = Array.from({ length: 23 }, (_, index) => index);
    expect(pageOfList(items, 3, 10)).toEqual({
      items: [20, 21, 22],
      pagination: { page: 3, limit: 10, total: 23, pages: 3 },
    });
    expect(pageOfList(items, 4, 10).items).toEqual([]);
    expect(pageOfList([], 1, 10).pagination).toEqual({ page: 1, limit: 10, total: 0, pages: 0 });
  });
});

describe('compareBy', () => {
  it('orders by the key either way, then newest first and by id, so equal keys keep one order', () => {
    const rows = [
      { id: 'b', createdAt: '2026-01-01', spent: 500 },
      { id: 'a', createdAt: '2026-01-01', spent: 500 },
      { id: 'c', createdAt: '2026-02-01', spent: 500 },
      { id: 'd', createdAt: '2026-03-01', spent: 900 },
    ];
    expect([...rows].sort(compareBy((row) => row.spent, 'desc')).map((row) => row.id)).toEqual([
      'd',
      'c',
      'a',
      'b',
    ]);
    expect([...rows].sort(compareBy((row) => row.spent, 'asc')).map((row) => row.id)).toEqual([
      'c',
      'a',
      'b',
      'd',
    ]);
  });
});

describe('fullNameOf', () => {
  it('joins the parts there are, and is null for an anonymised account', () => {
    expect(fullNameOf('Ada', 'Lovelace')).toBe('Ada Lovelace');
    expect(fullNameOf('Ada', null)).toBe('Ada');
    expect(fullNameOf(null, null)).toBeNull();
  });
});
