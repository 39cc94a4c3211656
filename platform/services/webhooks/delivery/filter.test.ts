import { describe, expect, it } from 'vitest';
import { compileFilter, FilterError } from './filter';

const version = {
  ext: 'rvt',
  name: 'tower.rvt',
  version: '3',
  sizeInBytes: 734003,
  hidden: false,
  ancestors: [{ name: 'proj-root-folder' }, { name: 'Project Files' }, { name: 'Plans' }],
};
const extraction = { TimeStamp: 1, EventType: 'EXTRACTION_FINISHED', Payload: { status: 'failed' } };

const matches = (filter: string | string[], payload: unknown) => compileFilter(filter)(payload);

describe('compileFilter', () => {
  it('reads the payload as the one element of an array, as the cloud does', () => {
    expect(matches("$[?(@.ext=='rvt')]", version)).toBe(true);
    expect(matches("$[?(@.ext=='txt')]", version)).toBe(false);
    expect(matches("$[?(@.Payload.status=='failed')]", extraction)).toBe(true);
  });

  it('supports comparisons, && and || with parentheses', () => {
    expect(matches('$[?(@.sizeInBytes>=1048576)]', version)).toBe(false);
    expect(matches('$[?(@.sizeInBytes<1048576 && @.hidden==false)]', version)).toBe(true);
    expect(matches("$[?((@.ext=='dwg' || @.ext=='rvt') && @.version!='1')]", version)).toBe(true);
    expect(matches("$[?(@.ancestors[2].name=='Plans')]", version)).toBe(true);
    expect(matches("$[?(@['ext']=='rvt')]", version)).toBe(true);
  });

  it('supports in and nin with a list, and a value in a wildcard path', () => {
    expect(matches("$[?(@.ext in ['dwg', 'rvt'])]", version)).toBe(true);
    expect(matches("$[?(@.ext in ['dwg'])]", version)).toBe(false);
    expect(matches("$[?(@.ext nin ['dwg'])]", version)).toBe(true);
    expect(matches("$[?('Plans' in @.ancestors[*].name)]", version)).toBe(true);
    expect(matches("$[?('Specs' in @.ancestors[*].name)]", version)).toBe(false);
    expect(matches("$[?(@.hidden==false && 'Plans' in @.ancestors.*.name)]", version)).toBe(true);
  });

  it('needs every filter of a list to match', () => {
    expect(matches(["$[?(@.ext=='rvt')]", '$[?(@.sizeInBytes>1000)]'], version)).toBe(true);
    expect(matches(["$[?(@.ext=='rvt')]", '$[?(@.sizeInBytes>1048576)]'], version)).toBe(false);
  });

  it('treats a path the payload lacks as no match, not an error', () => {
    expect(matches("$[?(@.context.operation=='Move')]", version)).toBe(false);
    expect(matches("$[?(@.ext=='rvt')]", null)).toBe(false);
  });

  it('never runs code: constructors are out of reach', () => {
    expect(matches("$[?(@.ext.constructor.constructor('return process')())]", version)).toBe(false);
  });

  it.each([
    ['', /must start with \$/],
    ['ext == rvt', /must start with \$/],
    ["$[?(@.ext=='rvt')", /closing ]/],
    ['$[?(@.ext==)]', /cannot be read: Expected expression/],
    ["$[?(@.ext=='rvt)]", /never closed/],
    ['$[?(@.ext in )]', /in` needs a list/],
  ])('refuses %j with words', (filter, why) => {
    expect(() => compileFilter(filter)).toThrow(FilterError);
    expect(() => compileFilter(filter)).toThrow(why);
  });

  it('refuses an empty list', () => {
    expect(() => compileFilter([])).toThrow(FilterError);
  });
});
