import { createHash } from 'node:crypto';

/** RFC 7636 §4.1: 43 to 128 unreserved characters. */
const VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;
/** An S256 challenge is a base64url SHA-256: 43 characters. */
const CHALLENGE = /^[A-Za-z0-9\-_]{43}$/;

export const isValidVerifier = (verifier: string): boolean => VERIFIER.test(verifier);
export const isValidChallenge = (challenge: string): boolean => CHALLENGE.test(challenge);

export const s256 = (verifier: string): string => createHash('sha256').update(verifier).digest('base64url');
