import { describe, expect, it } from 'vitest';
import { displayValue, formatNumber } from './format-value';

describe('displayValue', () => {
  it('drops binary noise from numbers, bare or before a unit', () => {
    expect(displayValue(0.6090000000000002)).toBe('0.609');
    expect(displayValue(2.49624)).toBe('2.49624');
    expect(displayValue('0.6090000000000002 m')).toBe('0.609 m');
    expect(displayValue('1.8900000000000001 m²')).toBe('1.89 m²');
    expect(displayValue(-3.3000000000000003)).toBe('-3.3');
    expect(displayValue(42)).toBe('42');
    expect(formatNumber(1e-7)).toBe('1e-7');
    expect(formatNumber(123456789012.5)).toBe('123456789012.5');
    expect(formatNumber(1 / 3)).toBe('0.333333333333333');
  });

  it('shows a measure at the precision its unit deserves, as written when it has no more digits', () => {
    expect(displayValue('3.59036532972 m')).toBe('3.59 m');
    expect(displayValue('2.49624 m')).toBe('2.496 m');
    expect(displayValue('1234.5678 mm')).toBe('1235 mm');
    expect(displayValue('0.30000000001 m³')).toBe('0.3 m³');
    expect(displayValue('89.99999999 °')).toBe('90 °');
    expect(displayValue('-0.0001 m')).toBe('0 m');
    expect(displayValue('12.5 m')).toBe('12.5 m');
    // A unit it does not know keeps every digit meant.
    expect(displayValue('3.59036532972 lx')).toBe('3.59036532972 lx');
  });

  it('keeps a measure written with its own precision, and text that only starts with a number', () => {
    expect(displayValue('12.000 m')).toBe('12.000 m');
    expect(displayValue('REI 90')).toBe('REI 90');
    expect(displayValue('2 storeys, 4 flats')).toBe('2 storeys, 4 flats');
    expect(displayValue('0.30000000000000004')).toBe('0.3');
  });

  it('shows booleans as yes and no, and nothing for a missing value', () => {
    expect(displayValue(true)).toBe('Yes');
    expect(displayValue(false)).toBe('No');
    expect(displayValue(null)).toBe('');
    expect(displayValue(undefined)).toBe('');
  });
});
