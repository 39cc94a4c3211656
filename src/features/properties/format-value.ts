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
 * A property's value as a person reads it: numbers (bare or before a unit) without binary noise,
 * yes and no for booleans, nothing for a missing value. A measure written with its own precision
 * ("12.000 m") keeps it: only a number longer than a double means is shortened.
 */
export function displayValue(value: PropertyValue | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return formatNumber(value);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  const measure = MEASURE.exec(value.trim());
  if (!measure?.[1] || measure[1].replace(/[-.]|e.*$/gi, '').length <= 15) return value;
  return `${formatNumber(Number(measure[1]))}${measure[2] ?? ''}`;
}
