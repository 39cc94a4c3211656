/** Where every time the platform reads comes from: tests pass their own to move time on. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
