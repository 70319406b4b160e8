// A page of one of the history's lists as its sections show it: the rows and the pagination the server counted.
import type { Pagination } from '@contracts/envelope';
import type { PagedReply } from '../../../lib/api-client';

export interface PageReply<T> {
  items: T[];
  pagination: Pagination;
}

export function toPageReply<T>(reply: PagedReply<T[]>): PageReply<T> {
  return { items: reply.data, pagination: reply.pagination };
}
