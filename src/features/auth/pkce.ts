import { base64UrlEncode, randomBase64Url } from '../../lib/base64url';

/** PKCE (RFC 7636) for a public client: the verifier stays in this tab, only its hash goes to authorize. */

/** 48 random bytes give a 64-character verifier, inside the 43–128 the RFC allows. */
const VERIFIER_BYTES = 48;
const STATE_BYTES = 16;

export function createCodeVerifier(): string {
  return randomBase64Url(VERIFIER_BYTES);
}

export async function createCodeChallenge(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return base64UrlEncode(new Uint8Array(digest));
}

/** The base64url alphabet fits the characters APS allows in `state` (letters, digits, `-`, `_`). */
export function createState(): string {
  return randomBase64Url(STATE_BYTES);
}
