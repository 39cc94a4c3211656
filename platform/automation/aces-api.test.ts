import { describe, expect, it } from 'vitest';
import { parseAcesLine, progressBody } from './aces-api';

describe('!ACESAPI lines', () => {
  it('reads the quoted form with JSON escaped inside its data', () => {
    const operation = parseAcesLine(
      '!ACESAPI:acesHttpOperation("onProgress","","","{\\"current-progress\\": 30, \\"step\\": \\"a, b\\"}","")',
    );
    expect(operation).toEqual({
      name: 'onProgress',
      suffix: '',
      headers: {},
      data: '{"current-progress": 30, "step": "a, b"}',
      responseFile: '',
    });
    expect(progressBody(operation!)).toEqual({ 'current-progress': 30, step: 'a, b' });
  });

  it("reads the bare form of Autodesk's samples, behind a trace prefix, with commas in the data", () => {
    const operation = parseAcesLine(
      'Program.exe Information: 0 : !ACESAPI:acesHttpOperation(onProgress,"","",{"message":"half, done"},null)',
    );
    expect(operation).toMatchObject({ name: 'onProgress', data: '{"message":"half, done"}', responseFile: '' });
    expect(progressBody(operation!)).toEqual({ message: 'half, done' });
  });

  it('reads an on-demand request with a suffix, headers and a response file', () => {
    expect(
      parseAcesLine('!ACESAPI:acesHttpOperation(inputFile,/part2,Range:bytes=0-9;X-Tag:a,,file://parts/in.bin)'),
    ).toEqual({
      name: 'inputFile',
      suffix: '/part2',
      headers: { Range: 'bytes=0-9', 'X-Tag': 'a' },
      data: '',
      responseFile: 'parts/in.bin',
    });
  });

  it('keeps data that is not JSON as text, and ignores lines that are no request', () => {
    expect(progressBody(parseAcesLine('!ACESAPI:acesHttpOperation(onProgress,null,null,halfway there,null)')!)).toBe(
      'halfway there',
    );
    expect(parseAcesLine('just a line')).toBeUndefined();
    expect(parseAcesLine('!ACESAPI:acesHttpOperation(onProgress,x)')).toBeUndefined();
    expect(parseAcesLine('!ACESAPI:acesHttpOperation(,,,,)')).toBeUndefined();
  });
});
