import { describe, expect, it } from 'vitest';
import type { DaParameter } from '../../../contracts/design-automation';
import { buildWorkItem, choiceProblems, defaultFileName, expectedExtension, roleOf } from './argument-builder';

const PARAMETERS: Record<string, DaParameter> = {
  model: { verb: 'get', localName: 'model.ifc', required: true },
  rules: { verb: 'read', localName: 'rename.json', required: true },
  renamed: { verb: 'put', localName: 'renamed.ifc', required: true },
  extra: { verb: 'get', localName: 'extra.txt' },
};

const version = {
  kind: 'version' as const,
  hubId: 'h',
  projectId: 'p',
  itemId: 'i',
  versionId: 'v',
  storageId: 'urn:adsk.objects:os.object:wip.dm.prod/x.ifc',
  name: 'house.ifc',
};

describe('roleOf', () => {
  it('reads the verb: get and head bring a file in, put/post/patch send one out, read takes a value', () => {
    expect(
      [
        { verb: 'get' },
        { verb: 'head' },
        {},
        { verb: 'put' },
        { verb: 'post' },
        { verb: 'patch' },
        { verb: 'read' },
      ].map((p) => roleOf(p as DaParameter)),
    ).toEqual(['input', 'input', 'input', 'output', 'output', 'output', 'value']);
  });
});

describe('choiceProblems', () => {
  it('asks for every required parameter in words, and lets optional ones go', () => {
    expect(choiceProblems(PARAMETERS, {})).toEqual({
      model: 'Choose a file for model.',
      rules: 'Give a value for rules.',
      renamed: 'Choose where renamed goes.',
    });
  });

  it('refuses a file for a value, a value for an output, a destination without a name', () => {
    const problems = choiceProblems(PARAMETERS, {
      model: { kind: 'value', value: 'x' },
      rules: version,
      renamed: { kind: 'folder', hubId: 'h', projectId: 'p', folderId: 'f', folderName: 'Models', fileName: ' ' },
      extra: { kind: 'bucket', bucketKey: 'b', objectKey: 'o' },
    });
    expect(problems).toEqual({
      model: 'model is an input: choose a project file or a bucket object.',
      rules: 'rules takes a value, not a file.',
      renamed: 'Name the file renamed is saved as.',
      extra: 'extra is an input: choose a project file or a bucket object.',
    });
  });

  it('asks for the bucket and the object of a bucket choice', () => {
    expect(
      choiceProblems({ model: { verb: 'get' } }, { model: { kind: 'object', bucketKey: 'b', objectKey: '' } }),
    ).toEqual({ model: 'Choose an object for model.' });
    expect(
      choiceProblems({ out: { verb: 'put' } }, { out: { kind: 'bucket', bucketKey: '', objectKey: 'o' } }),
    ).toEqual({ out: 'Choose a bucket for out.' });
  });

  it('is empty once everything required is chosen well', () => {
    expect(
      choiceProblems(PARAMETERS, {
        model: version,
        rules: { kind: 'value', value: '{"types":["IfcWall"]}' },
        renamed: { kind: 'bucket', bucketKey: 'b', objectKey: 'renamed.ifc' },
      }),
    ).toEqual({});
  });
});

describe('buildWorkItem', () => {
  it('sends inputs as URLs, outputs with their verb, values as {value}, and leaves out what was not given', () => {
    const workItem = buildWorkItem('Me.IfcRename+prod', PARAMETERS, {
      model: { kind: 'url', url: 'http://p/signed/model' },
      rules: { kind: 'value', value: '{"pattern":"{type} {n}"}' },
      renamed: { kind: 'url', url: 'http://p/signed/out', headers: { 'Content-Type': 'application/octet-stream' } },
    });
    expect(workItem).toEqual({
      activityId: 'Me.IfcRename+prod',
      arguments: {
        model: { url: 'http://p/signed/model' },
        rules: { value: '{"pattern":"{type} {n}"}' },
        renamed: { url: 'http://p/signed/out', verb: 'put', headers: { 'Content-Type': 'application/octet-stream' } },
      },
    });
  });

  it('ignores bindings for parameters the activity does not have', () => {
    expect(
      buildWorkItem('A.B+prod', { model: { verb: 'get' } }, { other: { kind: 'value', value: 'x' } }).arguments,
    ).toEqual({});
  });
});

describe('defaultFileName', () => {
  it('takes the local name unless it is a placeholder', () => {
    expect(defaultFileName('properties', { localName: 'properties.csv' })).toBe('properties.csv');
    expect(defaultFileName('result', { localName: '$(result)' })).toBe('result');
    expect(defaultFileName('result', {})).toBe('result');
  });
});

describe('expectedExtension', () => {
  it('takes the extension of the local name, unless the input is a zip or its name a variable', () => {
    expect(expectedExtension({ verb: 'get', localName: 'Model.IFC' })).toBe('.ifc');
    expect(expectedExtension({ verb: 'get', localName: 'input.ifc', zip: true })).toBeUndefined();
    expect(expectedExtension({ verb: 'get', localName: '$(inputFile)' })).toBeUndefined();
    expect(expectedExtension({ verb: 'get', localName: 'inputs' })).toBeUndefined();
    expect(expectedExtension({ verb: 'get' })).toBeUndefined();
  });
});
