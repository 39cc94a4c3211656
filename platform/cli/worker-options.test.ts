import { describe, expect, it } from 'vitest';
import { UsageError } from './args';
import { parseWorkerOptions } from './worker-options';

const ENV = { DATABASE_URL: 'postgres://db.internal/ddm' };
const STORE = ['--s3-bucket', 'ddm-blobs'];

describe('platform worker options', () => {
  it('needs the shared database, the shared store and the instances’ address, each said in words', () => {
    expect(() => parseWorkerOptions(['--public-url', 'http://lb:8080', ...STORE], {})).toThrow(/DATABASE_URL/);
    expect(() => parseWorkerOptions(['--public-url', 'http://lb:8080'], ENV)).toThrow(/--s3-bucket/);
    expect(() => parseWorkerOptions(STORE, ENV)).toThrow(/--public-url: the address the serve instances answer at/);
    expect(() => parseWorkerOptions(['--public-url', 'http://lb:8080/path', ...STORE], ENV)).toThrow(UsageError);
  });

  it('takes how many translations and workitems it runs, and the hosts a workitem may reach', () => {
    const defaults = parseWorkerOptions(['--public-url', 'http://lb:8080', ...STORE], ENV);
    expect(defaults.translation.workers).toBe(2);
    expect(defaults.automation).toEqual({ workers: 2, allowHosts: [], publicUrl: 'http://lb:8080' });
    const options = parseWorkerOptions(
      [
        '--public-url',
        'https://platform.example.com/',
        '--automation-workers',
        '4',
        '--automation-allow-host',
        'Files.Example.com',
        ...STORE,
      ],
      ENV,
    );
    expect(options.automation).toEqual({
      workers: 4,
      allowHosts: ['files.example.com'],
      publicUrl: 'https://platform.example.com',
    });
    expect(() =>
      parseWorkerOptions(['--public-url', 'http://lb:8080', '--automation-workers', '0', ...STORE], ENV),
    ).toThrow(UsageError);
  });
});
