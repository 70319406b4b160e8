// SPEC §2's pagination control: previous/next, numbered pages, ellipsis.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { listPaginationItems, Pagination } from '../../frontend/src/components/pagination';

function describeItems(page: number, pageCount: number): string {
  return listPaginationItems(page, pageCount)
    .map((item) => (item.kind === 'page' ? String(item.page) : '…'))
    .join(' ');
}

describe('listPaginationItems', () => {
  it.each([
    [1, 1, '1'],
    [1, 3, '1 2 3'],
    [1, 10, '1 2 … 10'],
    [3, 10, '1 2 3 4 … 10'],
    [4, 10, '1 2 3 4 5 … 10'],
    [5, 10, '1 … 4 5 6 … 10'],
    [8, 10, '1 … 7 8 9 10'],
    [10, 10, '1 … 9 10'],
    [12, 10, '1 … 9 10'],
  ])('page %i of %i shows %s', (page, pageCount, expected) => {
    // Act
    const described = describeItems(page, pageCount);

    // Assess
    expect(described).toBe(expected);
  });
});

describe('Pagination', () => {
  it('shows numbered pages with the current one marked, and an ellipsis for each gap', () => {
    // Act
    render(<Pagination page={5} pageCount={10} onPageChange={() => {}} label="Claims pages" />);

    // Assess
    const nav = screen.getByRole('navigation', { name: 'Claims pages' });
    const pageButtons = within(nav).getAllByRole('button', { name: /^Page / });
    expect(pageButtons.map((button) => button.textContent)).toEqual(['1', '4', '5', '6', '10']);
    expect(within(nav).getByRole('button', { name: 'Page 5' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getAllByText('…')).toHaveLength(2);
  });

  it('goes to the previous, next and a numbered page', async () => {
    // Prepare
    const onPageChange = vi.fn();
    render(<Pagination page={5} pageCount={10} onPageChange={onPageChange} />);

    // Act
    await userEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await userEvent.click(screen.getByRole('button', { name: 'Page 10' }));
    await userEvent.click(screen.getByRole('button', { name: 'Page 5' }));

    // Assess
    expect(onPageChange.mock.calls).toEqual([[4], [6], [10]]);
  });

  it('disables previous on the first page and next on the last', () => {
    // Act
    const { rerender } = render(<Pagination page={1} pageCount={3} onPageChange={() => {}} />);
    const first = [
      (screen.getByRole('button', { name: /Previous/ }) as HTMLButtonElement).disabled,
      (screen.getByRole('button', { name: /Next/ }) as HTMLButtonElement).disabled,
    ];
    rerender(<Pagination page={3} pageCount={3} onPageChange={() => {}} />);

    // Assess
    expect(first).toEqual([true, false]);
    expect((screen.getByRole('button', { name: /Previous/ }) as HTMLButtonElement).disabled).toBe(false);
    expect((screen.getByRole('button', { name: /Next/ }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('renders nothing for a single page', () => {
    // Act
    const { container } = render(<Pagination page={1} pageCount={1} onPageChange={() => {}} />);

    // Assess
    expect(container.innerHTML).toBe('');
  });
});
