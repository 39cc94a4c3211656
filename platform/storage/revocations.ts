/**
 * Tells the token check that a token may have been revoked: every write that revokes a token or a
 * token family calls `revoked()` once it is done, and a remembered answer from an earlier generation
 * is no longer trusted.
 */
export interface Revocations {
  generation(): number;
  revoked(): void;
}

export function revocationSignal(): Revocations {
  let generation = 0;
  return {
    generation: () => generation,
    revoked: () => void (generation += 1),
  };
}
