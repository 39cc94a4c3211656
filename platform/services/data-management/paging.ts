import { jsonApiError } from '../../http/errors';

export interface Page {
  number: number;
  limit: number;
  offset: number;
}

export const MAX_PAGE_LIMIT = 200;

/** `page[number]` (0-based) and `page[limit]` (1–200, default 200), as the service reads them. */
export function readPage(query: URLSearchParams): Page {
  const number = whole(query.get('page[number]'), 'page[number]', 0);
  const limit = whole(query.get('page[limit]'), 'page[limit]', MAX_PAGE_LIMIT);
  if (limit < 1 || limit > MAX_PAGE_LIMIT) {
    throw jsonApiError(400, 'BAD_INPUT', 'Bad input', `page[limit] must be from 1 to ${MAX_PAGE_LIMIT}.`);
  }
  if (number * limit > 10_000_000) throw jsonApiError(400, 'BAD_INPUT', 'Bad input', 'page[number] is out of range.');
  return { number, limit, offset: number * limit };
}

function whole(raw: string | null, name: string, fallback: number): number {
  if (raw === null) return fallback;
  if (!/^\d{1,9}$/.test(raw))
    throw jsonApiError(400, 'BAD_INPUT', 'Bad input', `${name} must be a whole number, not "${raw.slice(0, 40)}".`);
  return Number(raw);
}

/** `first`, `prev` and `next` links for a paged list of `total` entries. */
export function pageLinks(selfUrl: URL, page: Page, total: number) {
  const at = (number: number) => {
    const url = new URL(selfUrl);
    url.searchParams.set('page[number]', String(number));
    return { href: url.toString() };
  };
  const hasNext = page.offset + page.limit < total;
  return {
    self: { href: selfUrl.toString() },
    first: at(0),
    ...(page.number > 0 ? { prev: at(page.number - 1) } : {}),
    ...(hasNext ? { next: at(page.number + 1) } : {}),
  };
}
