import { describe, expect, it } from 'vitest';
import { REDACTED, redact, type Redactable } from './redact';

const JWT =
  'eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.eyJjbGllbnRfaWQiOiJhcHAtMSIsInVzZXJpZCI6InUtMSJ9.c2lnbmF0dXJlLW9mLXRoZS10b2tlbg';
const SIGNATURE = 'Xq3vA9sK2mPz7RtY1uWcB4nE6hJ8gL0dF5oI2aS7eQk';
const REFRESH = 'r3fr3shS3cr3tValu3ThatIsLongEnoughToBeRandom12';
const AUTH_CODE = 'aUthC0deValu3ThatIsFortyThreeCharactersLong1';

interface Case {
  name: string;
  part: Redactable;
  /** Must not survive. */
  secrets: string[];
  /** Must survive. */
  kept?: string[];
}

const body = (contentType: string, text: string): Redactable => ({ kind: 'body', contentType, text });

const CASES: Case[] = [
  {
    name: 'Bearer header',
    part: { kind: 'header', name: 'Authorization', value: `Bearer ${JWT}` },
    secrets: [JWT],
    kept: ['Bearer'],
  },
  {
    name: 'Basic header',
    part: { kind: 'header', name: 'authorization', value: 'Basic YXBwOnNlY3JldA==' },
    secrets: ['YXBwOnNlY3JldA=='],
  },
  { name: 'cookie', part: { kind: 'header', name: 'Cookie', value: 'session=abc123' }, secrets: ['abc123'] },
  {
    name: 'set-cookie',
    part: { kind: 'header', name: 'set-cookie', value: 'sid=s3cr3t; HttpOnly' },
    secrets: ['s3cr3t'],
  },
  {
    name: 'an x-…-token header',
    part: { kind: 'header', name: 'x-amz-security-token', value: 'tok' },
    secrets: ['tok'],
  },
  {
    name: 'a plain header',
    part: { kind: 'header', name: 'content-type', value: 'application/json' },
    secrets: [],
    kept: ['application/json'],
  },
  {
    name: 'redirect with code and state',
    part: { kind: 'header', name: 'Location', value: `https://app.test/cb?code=${AUTH_CODE}&state=xyz` },
    secrets: [AUTH_CODE],
    kept: ['state=xyz', 'https://app.test/cb'],
  },
  {
    name: 'implicit-flow fragment',
    part: { kind: 'url', url: `https://app.test/cb#access_token=${REFRESH}&token_type=Bearer` },
    secrets: [REFRESH],
    kept: ['token_type=Bearer'],
  },
  {
    name: 'signed download URL',
    part: { kind: 'url', url: `/oss/v2/signed/objects/abc?expires=1700000000&signature=${SIGNATURE}` },
    secrets: [SIGNATURE],
    kept: ['expires=1700000000', '/oss/v2/signed/objects/abc'],
  },
  {
    name: 'signed resource hash in the path',
    part: { kind: 'url', url: `/oss/v2/signedresources/0123456789abcdefghijklmn.1700000000.${SIGNATURE}?region=US` },
    secrets: [SIGNATURE],
    kept: ['0123456789abcdefghijklmn.1700000000.', 'region=US'],
  },
  {
    name: 'S3 signature in a query',
    part: { kind: 'url', url: `https://s3/x?X-Amz-Signature=${SIGNATURE}` },
    secrets: [SIGNATURE],
  },
  { name: 'percent-encoded name', part: { kind: 'url', url: `/x?client%5Fsecret=${SIGNATURE}` }, secrets: [SIGNATURE] },
  {
    name: 'token request form',
    part: body(
      'application/x-www-form-urlencoded',
      `grant_type=authorization_code&code=${AUTH_CODE}&code_verifier=${SIGNATURE}&client_id=app-1&client_secret=shh-${REFRESH}&redirect_uri=https%3A%2F%2Fapp`,
    ),
    secrets: [AUTH_CODE, SIGNATURE, REFRESH],
    kept: ['grant_type=authorization_code', 'client_id=app-1', 'redirect_uri='],
  },
  {
    name: 'sign-in form',
    part: body('application/x-www-form-urlencoded', 'username=ada&password=hunter2'),
    secrets: ['hunter2'],
    kept: ['username=ada'],
  },
  {
    name: 'token answer',
    part: body(
      'application/json',
      JSON.stringify({
        access_token: JWT,
        refresh_token: REFRESH,
        id_token: JWT,
        token_type: 'Bearer',
        expires_in: 3599,
      }),
    ),
    secrets: [JWT, REFRESH],
    kept: ['"token_type": "Bearer"', '3599'],
  },
  {
    name: 'nested JSON: a workitem argument with a header and a signed URL',
    part: body(
      'application/json',
      JSON.stringify({
        activityId: 'a.b+c',
        arguments: {
          input: {
            url: `https://host/oss/v2/signed/objects/x?signature=${SIGNATURE}`,
            headers: { Authorization: `Bearer ${JWT}` },
          },
          list: [{ clientSecret: REFRESH }, { note: `see ${JWT}` }],
        },
      }),
    ),
    secrets: [SIGNATURE, JWT, REFRESH],
    kept: ['a.b+c', 'https://host/oss/v2/signed/objects/x?signature='],
  },
  {
    name: 'JSON:API and gateway error codes are kept',
    part: body('application/vnd.api+json', JSON.stringify({ errors: [{ code: 'BAD_INPUT' }], code: 'AUTH-006' })),
    secrets: [],
    kept: ['BAD_INPUT', 'AUTH-006'],
  },
  {
    name: 'an OAuth code in JSON',
    part: body('application/json', JSON.stringify({ code: AUTH_CODE })),
    secrets: [AUTH_CODE],
  },
  {
    name: 'JSON cut at the capture limit',
    part: body('application/json', `{"expires_in":3599,"access_token":"${JWT.slice(0, 60)}`),
    secrets: [JWT.slice(0, 60), JWT.slice(20, 60)],
    kept: ['3599'],
  },
  {
    name: 'form cut at the limit',
    part: body('application/x-www-form-urlencoded', `a=1&password=hunt`),
    secrets: ['hunt'],
  },
  {
    name: 'a JWT in plain text',
    part: body('text/plain', `token is ${JWT} ok`),
    secrets: [JWT],
    kept: ['token is', 'ok'],
  },
  {
    name: 'an HTML page with a signed link',
    part: body('text/html', `<a href="/oss/v2/signed/objects/a?expires=1&amp;signature=${SIGNATURE}">get</a>`),
    secrets: [SIGNATURE],
  },
  {
    name: 'a sign-in page’s hidden fields',
    part: body(
      'text/html',
      '<input type="hidden" name="request_id" value="r-1"><input type="hidden" name="csrf" value="c5rfT0ken">',
    ),
    secrets: ['c5rfT0ken'],
    kept: ['value="r-1"'],
  },
];

describe('redact', () => {
  it.each(CASES)('$name', ({ part, secrets, kept = [] }) => {
    const out = redact(part);
    for (const secret of secrets) expect(out).not.toContain(secret);
    for (const text of kept) expect(out).toContain(text);
    if (secrets.length > 0) expect(out).toContain(REDACTED);
  });

  it('keeps JSON that holds no secret as it means', () => {
    const value = { hubs: [{ id: 'b.1', attributes: { name: 'Hub' } }], next: null };
    expect(JSON.parse(redact(body('application/json', JSON.stringify(value))))).toEqual(value);
  });
});
