import { describe, expect, it } from 'vitest';
import { csvField, toCsvText } from './csv';

describe('csvField', () => {
  it.each([
    ['=HYPERLINK("http://evil.test","x")', `"'=HYPERLINK(""http://evil.test"",""x"")"`],
    ['+1+cmd', `"'+1+cmd"`],
    ["-2+3+cmd|' /C calc'!A0", `"'-2+3+cmd|' /C calc'!A0"`],
    ['@SUM(A1:A2)', `"'@SUM(A1:A2)"`],
    ['\t=1+1', `"'\t=1+1"`],
    ['\r=1+1', `"'\r=1+1"`],
    ['-', `"'-"`],
    ['-Infinity', `"'-Infinity"`],
  ])('starts %j with a quote, so that a spreadsheet shows it as text', (value, field) => {
    expect(csvField(value)).toBe(field);
  });

  it('leaves plain numbers as numbers, negative ones too', () => {
    for (const number of [-3.5, -42, 0, 12.75, -2.5e-7, 1e21]) expect(csvField(String(number))).toBe(String(number));
    expect(csvField('-3.5.1')).toBe(`"'-3.5.1"`);
    expect(csvField('- 3')).toBe(`"'- 3"`);
  });

  it('quotes fields with commas, quotes, line breaks or a formula character further in, doubling quotes', () => {
    expect(csvField('Wall, "north"')).toBe('"Wall, ""north"""');
    expect(csvField('line\nbreak')).toBe('"line\nbreak"');
    expect(csvField('a;=1+1')).toBe('"a;=1+1"');
    expect(csvField('REI 90')).toBe('REI 90');
    expect(csvField('')).toBe('');
  });
});

describe('toCsvText', () => {
  it('ends every row with CRLF', () => {
    expect(
      toCsvText([
        ['a', 'b'],
        ['1', '=2'],
      ]),
    ).toBe(`a,b\r\n1,"'=2"\r\n`);
  });
});
