import type { DaPage } from '../../../contracts/design-automation';
import { designAutomationError } from '../../http/errors';

/** Items a page holds, as the real service's pages do. */
export const PAGE_SIZE = 20;

/**
 * Page tokens are base64url of the last position: only `[A-Za-z0-9_-]`, so clients that encode the
 * token again (or twice, as the .NET client does) still send it back unchanged.
 */
export const pageToken = (position: unknown): string => Buffer.from(JSON.stringify(position)).toString('base64url');

/** The position a `?page=` token names, checked by `valid`; 400 when it is not one of ours. */
export function pagePosition<T>(token: string | undefined, valid: (value: unknown) => value is T): T | null {
  if (token === undefined || token === '') return null;
  let value: unknown;
  try {
    value = /^[A-Za-z0-9_-]{1,2048}$/.test(token)
      ? JSON.parse(Buffer.from(token, 'base64url').toString('utf8'))
      : undefined;
  } catch {
    value = undefined;
  }
  if (!valid(value))
    throw designAutomationError(400, {
      page: ['The page token is not valid: use the paginationToken of the previous page.'],
    });
  return value;
}

/** A page from `rows` fetched with one more than a page holds: the extra one says another page follows. */
export function pageOf<R, T>(rows: readonly R[], toData: (row: R) => T, position: (row: R) => unknown): DaPage<T> {
  const data = rows.slice(0, PAGE_SIZE);
  const last = data[data.length - 1];
  return {
    paginationToken: rows.length > PAGE_SIZE && last !== undefined ? pageToken(position(last)) : null,
    data: data.map(toData),
  };
}
