import { describe, expect, it } from 'vitest';
import { base64UrlDecode, base64UrlEncode, randomBase64Url } from './base64url';

describe('base64url', () => {
  it('uses the URL-safe alphabet and drops padding', () => {
    expect(base64UrlEncode(new Uint8Array([0xfb, 0xff, 0xfe]))).toBe('-__-');
    expect(base64UrlEncode(new Uint8Array([0x61]))).toBe('YQ');
  });

  it('decodes what it encodes, with or without padding', () => {
    const bytes = new Uint8Array([0, 1, 2, 250, 251, 252, 253, 254, 255]);
    expect(base64UrlDecode(base64UrlEncode(bytes))).toEqual(bytes);
    expect(new TextDecoder().decode(base64UrlDecode('YQ'))).toBe('a');
  });

  it('makes random strings of the expected length from the URL-safe alphabet', () => {
    const value = randomBase64Url(32);
    expect(value).toHaveLength(43);
    expect(value).toMatch(/^[A-Za-z0-9_-]+$/);
  });
});
