import type { InspectedBody, InspectedRequest } from '../../contracts/request-inspector';

// HAR 1.2 (http://www.softwareishard.com/blog/har-12-spec/): what browsers' developer tools import.
export interface Har {
  log: {
    version: '1.2';
    creator: { name: string; version: string };
    entries: HarEntry[];
  };
}

interface HarNameValue {
  name: string;
  value: string;
}

interface HarEntry {
  startedDateTime: string;
  time: number;
  request: {
    method: string;
    url: string;
    httpVersion: string;
    cookies: HarNameValue[];
    headers: HarNameValue[];
    queryString: HarNameValue[];
    postData?: { mimeType: string; text: string };
    headersSize: -1;
    bodySize: number;
    comment?: string;
  };
  response: {
    status: number;
    statusText: string;
    httpVersion: string;
    cookies: HarNameValue[];
    headers: HarNameValue[];
    content: { size: number; mimeType: string; text?: string; comment?: string };
    redirectURL: string;
    headersSize: -1;
    bodySize: number;
    comment?: string;
  };
  cache: Record<string, never>;
  timings: { send: number; wait: number; receive: number };
  comment: string;
}

const TRUNCATED = 'Body cut at the inspector’s capture limit.';

const sizeOf = (body: InspectedBody) => body.size ?? -1;
const truncation = (body: InspectedBody) => (body.truncated ? { comment: TRUNCATED } : {});

function harEntry(entry: InspectedRequest): HarEntry {
  const { request, response } = entry;
  const url = new URL(entry.url);
  const location = response.headers.find((header) => header.name.toLowerCase() === 'location');
  return {
    startedDateTime: entry.startedAt,
    time: entry.durationMs,
    request: {
      method: entry.method,
      url: entry.url,
      httpVersion: 'HTTP/1.1',
      // Cookies are secrets: their headers are redacted, and they are not listed apart.
      cookies: [],
      headers: request.headers,
      queryString: [...url.searchParams].map(([name, value]) => ({ name, value })),
      ...(request.body.text !== null
        ? { postData: { mimeType: request.body.contentType ?? '', text: request.body.text } }
        : {}),
      headersSize: -1,
      bodySize: sizeOf(request.body),
      ...truncation(request.body),
    },
    response: {
      status: entry.status,
      statusText: '',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: response.headers,
      content: {
        size: Math.max(sizeOf(response.body), 0),
        mimeType: response.body.contentType ?? '',
        ...(response.body.text !== null ? { text: response.body.text } : {}),
        ...truncation(response.body),
      },
      redirectURL: location?.value ?? '',
      headersSize: -1,
      bodySize: sizeOf(response.body),
    },
    cache: {},
    // Only the time to the answer's headers is measured: it is all `wait`.
    timings: { send: 0, wait: entry.durationMs, receive: 0 },
    comment: `${entry.service} · x-request-id ${entry.requestId}`,
  };
}

/** The requests as a HAR 1.2 log, oldest first as HAR viewers expect. Already redacted: nothing is added back. */
export function toHar(entries: readonly InspectedRequest[], creatorVersion: string): Har {
  return {
    log: {
      version: '1.2',
      creator: { name: 'Design Data Manager platform', version: creatorVersion },
      entries: [...entries].reverse().map(harEntry),
    },
  };
}
