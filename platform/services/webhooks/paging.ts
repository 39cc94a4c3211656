import { webhooksError } from '../../http/errors';
import type { HookRecord } from '../../storage/repos/wh-hooks';

/** Hooks on one page, as published. */
export const PAGE_SIZE = 200;

/**
 * What an empty list answers. The published spec says 204, but clients read `data` of every list
 * (the VS Code extension's tree breaks on an empty 204), so an empty page is a 200 like any other.
 */
export const EMPTY_LIST_STATUS: 200 | 204 = 200;

/** Where a page starts: after this hook in the list's order. */
export interface PageCursor {
  at: Date;
  id: string;
}

const badPageState = () =>
  webhooksError(400, 'BAD_INPUT', 'pageState is not one this service gave: pass links.next, or its pageState.');

/** The opaque token: base64url of the last hook's sort time and id, so a page never repeats or skips one. */
export const encodePageState = (cursor: PageCursor): string =>
  Buffer.from(JSON.stringify([cursor.at.getTime(), cursor.id])).toString('base64url');

/**
 * The cursor in a `pageState` query value, which clients send either bare or as the whole
 * `links.next` URL (the newest VS Code extension passes it on verbatim).
 */
export function readPageState(raw: string | undefined): PageCursor | undefined {
  if (raw === undefined || raw === '') return undefined;
  let token = raw;
  if (/^https?:/i.test(raw)) {
    const inner = URL.canParse(raw) ? new URL(raw).searchParams.get('pageState') : null;
    if (!inner) throw badPageState();
    token = inner;
  }
  if (!/^[A-Za-z0-9_-]{1,400}$/.test(token)) throw badPageState();
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
  } catch {
    throw badPageState();
  }
  if (
    !Array.isArray(parsed) ||
    parsed.length !== 2 ||
    !Number.isSafeInteger(parsed[0]) ||
    typeof parsed[1] !== 'string' ||
    !Number.isFinite(new Date(parsed[0] as number).getTime())
  )
    throw badPageState();
  return { at: new Date(parsed[0] as number), id: parsed[1] };
}

/**
 * The absolute URL of the next page: the same list with the caller's other query parameters and a
 * new `pageState`; null when `rows` (one more than a page was asked for) fit on this page.
 */
export function nextLink(requestUrl: string, rows: readonly HookRecord[], sortBy: 'created' | 'updated') {
  if (rows.length <= PAGE_SIZE) return null;
  const last = rows[PAGE_SIZE - 1]!;
  const url = new URL(requestUrl);
  url.searchParams.set(
    'pageState',
    encodePageState({ at: sortBy === 'created' ? last.createdAt : last.updatedAt, id: last.id }),
  );
  return url.toString();
}
