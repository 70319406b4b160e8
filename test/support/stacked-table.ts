// What a table that stacks on a phone must carry (frontend/src/lib/stacked-table.ts): the stacking class, its table
// roles written out (so a table whose rows CSS shows as cards is still read as a table), and on every cell of the body
// the name of its column, which the phone's layout prints beside the value.
import { within } from '@testing-library/react';
import { expect } from 'vitest';

export function expectStacksOnPhones(table: HTMLElement): void {
  expect(table.classList.contains('data-table--stack')).toBe(true);
  expect(table.getAttribute('role')).toBe('table');
  const headers = within(table)
    .getAllByRole('columnheader')
    .map((header) => header.textContent);
  const rows = [...table.querySelectorAll('tbody tr')];
  expect(rows.length).toBeGreaterThan(0);
  for (const row of rows) {
    expect(row.getAttribute('role')).toBe('row');
    const cells = [...row.children];
    cells.forEach((cell, index) => {
      if (cell.tagName === 'TH') {
        expect(cell.getAttribute('role')).toBe('rowheader');
        return;
      }
      expect(cell.getAttribute('role')).toBe('cell');
      expect(cell.getAttribute('data-label')).toBe(headers[index]);
    });
  }
}
