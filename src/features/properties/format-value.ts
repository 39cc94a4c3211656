import type { PropertyValue } from '../../../contracts/model-derivative';

/** Significant digits a value is shown with: every digit a double carries for sure, none of its binary noise. */
const SIGNIFICANT = 15;

/** A number without binary noise: 0.6090000000000002 → "0.609", 1e-7 → "1e-7", 42 → "42". */
export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  return String(Number(value.toPrecision(SIGNIFICANT)));
}

// A number in front of a unit, as Model Derivative writes measures: "0.6090000000000002 m", "12.000 m²".
const MEASURE = /^(-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?)(\s+\S.*)?$/;

/**
 * Decimals a measure in each unit deserves: a millimetre of a length, area or volume in metres, a
 * hundredth of a degree. The platform writes 12 significant digits ("3.59036532972 m"), more than any
 * tape measures; units not listed keep every digit meant.
 */
const UNIT_DECIMALS: Record<string, number> = {
  m: 3,
  dm: 2,
  cm: 1,
  mm: 0,
  km: 3,
  'm²': 3,
  'cm²': 1,
  'mm²': 0,
  'm³': 3,
  'cm³': 0,
  'mm³': 0,
  ft: 3,
  foot: 3,
  in: 2,
  inch: 2,
  kg: 2,
  g: 0,
  rad: 4,
  '°': 2,
  degree: 2,
  '°C': 1,
  K: 1,
  s: 2,
  W: 1,
  J: 0,
};

/** The number of a measure at its unit's precision, without trailing zeros; as written when it has no more digits. */
function measureNumber(text: string, unit: string): string {
  const decimals = UNIT_DECIMALS[unit];
  const number = Number(text);
  const written = /\.(\d+)$/.exec(text)?.[1]?.length ?? 0;
  if (decimals === undefined || /e/i.test(text)) return formatNumber(number);
  if (written <= decimals) return text;
  // +0: a value rounding to -0 would print apart from 0.
  return String(Number(number.toFixed(decimals)) + 0);
}

/**
 * A property's value as a person reads it: numbers (bare or before a unit) without binary noise, a
 * measure at its unit's precision ("3.59036532972 m" → "3.59 m"), yes and no for booleans, nothing for
 * a missing value. A measure written with no more digits than its unit deserves ("12.000 m") keeps them.
 */
export function displayValue(value: PropertyValue | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return formatNumber(value);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  const measure = MEASURE.exec(value.trim());
  if (!measure?.[1]) return value;
  const unit = measure[2]?.trim();
  if (unit && UNIT_DECIMALS[unit] !== undefined) return `${measureNumber(measure[1], unit)}${measure[2] ?? ''}`;
  if (measure[1].replace(/[-.]|e.*$/gi, '').length <= 15) return value;
  return `${formatNumber(Number(measure[1]))}${measure[2] ?? ''}`;
}
