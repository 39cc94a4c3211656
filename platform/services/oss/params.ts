import { OSS_REGIONS, type OssRegion } from '../../../contracts/oss';
import { ossError } from '../../http/errors';

/** An optional whole-number query parameter within [min, max], else 400 naming it. */
export function intParam(value: string | undefined, name: string, min: number, max: number, fallback: number): number {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!/^\d{1,10}$/.test(value) || number < min || number > max) {
    throw ossError(
      400,
      `${name} must be a whole number from ${min} to ${max}, not ${JSON.stringify(value.slice(0, 40))}.`,
    );
  }
  return number;
}

/** An optional true/false query parameter; other values get 400 rather than a silent default. */
export function boolParam(value: string | undefined, name: string): boolean | undefined {
  if (value === undefined) return undefined;
  if (value === 'true' || value === 'false') return value === 'true';
  throw ossError(400, `${name} must be true or false, not ${JSON.stringify(value.slice(0, 40))}.`);
}

export function regionParam(value: string | undefined, name: string): OssRegion {
  if (value === undefined || value === '') return 'US';
  const region = value.toUpperCase();
  if (!(OSS_REGIONS as readonly string[]).includes(region))
    throw ossError(400, `${name} must be one of ${OSS_REGIONS.join(', ')}, not ${JSON.stringify(value.slice(0, 40))}.`);
  return region as OssRegion;
}

/** Any string parameter, bounded so it cannot be used to send megabytes into a query. */
export function textParam(value: string | undefined, name: string, maxLength = 1024): string | undefined {
  if (value !== undefined && value.length > maxLength)
    throw ossError(400, `${name} is longer than ${maxLength} characters.`);
  return value;
}
