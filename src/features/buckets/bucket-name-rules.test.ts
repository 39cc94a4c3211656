import { describe, expect, it } from 'vitest';
import { bucketNameProblem } from './bucket-name-rules';

describe('bucketNameProblem', () => {
  it.each([
    ['too short', 'ab', /at least 3 characters/],
    ['too long', 'a'.repeat(129), /at most 128 characters/],
    ['IP-address shaped', '192.168.1.10', /IP address/],
    ['uppercase', 'My-bucket', /Uppercase letters/],
    ['a space', 'my bucket', /Spaces/],
    ['an underscore', 'my_bucket', /Underscores/],
    ['another special character', 'my.bucket', /"\." is not allowed/],
    ['a non-ASCII letter', 'brücke', /"ü" is not allowed/],
    ['a leading hyphen', '-bucket', /begin with/],
    ['a trailing hyphen', 'bucket-', /end with/],
  ])('names the rule broken by %s', (_rule, name, message) => {
    expect(bucketNameProblem(name)).toMatch(message);
  });

  it.each(['abc', 'a'.repeat(128), 'my-bucket-1', '123', '1-2-3-4'])('accepts %s', (name) => {
    expect(bucketNameProblem(name)).toBeUndefined();
  });
});
