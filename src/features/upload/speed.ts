/**
 * Speed smoothed over time (an exponential moving average of half-second samples), so "time left"
 * does not jump with every part that lands.
 */
export interface SpeedMeter {
  /** Bytes per second; 0 until the first sample. */
  speed: number;
  sampleAt: number;
  sampleBytes: number;
}

const SAMPLE_MS = 500;
const WEIGHT = 0.3;

export const newMeter = (now: number): SpeedMeter => ({ speed: 0, sampleAt: now, sampleBytes: 0 });

export function meterAdd(meter: SpeedMeter, bytes: number, now: number): SpeedMeter {
  const sampleBytes = meter.sampleBytes + bytes;
  const elapsed = now - meter.sampleAt;
  if (elapsed < SAMPLE_MS) return { ...meter, sampleBytes };
  const instant = Math.max(0, (sampleBytes * 1000) / elapsed);
  const speed = meter.speed === 0 ? instant : meter.speed * (1 - WEIGHT) + instant * WEIGHT;
  return { speed, sampleAt: now, sampleBytes: 0 };
}

/** Seconds left at `speed`, or null while there is no speed to go by. */
export function secondsLeft(remaining: number, speed: number): number | null {
  return speed > 0 ? Math.ceil(remaining / speed) : null;
}

export function formatDuration(seconds: number | null): string {
  if (seconds === null) return '';
  if (seconds < 60) return `${seconds} s left`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${seconds % 60} s left`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min left`;
}
