import { describe, expect, it } from 'vitest';
import { commandVariables, draftOf, emptyDraft, requestOf, type ActivityDraft } from './activity-draft';

const DRAFT: ActivityDraft = {
  name: 'Echo',
  engine: 'Local.Test+1',
  description: 'Copies its input',
  appbundles: ['Me.Tools+prod'],
  commandLines: '$(engine.path)/test echo "$(args[source].path)" "$(args[copy].path)"\n',
  parameters: [
    { name: 'source', verb: 'get', localName: 'in.txt', zip: false, required: true, description: '' },
    { name: 'copy', verb: 'put', localName: 'out.txt', zip: false, required: true, description: 'The copy' },
    { name: ' ', verb: 'get', localName: '', zip: false, required: false, description: '' },
  ],
};

describe('the activity form', () => {
  it('makes the request: one command line per line, parameters by name without the blank rows', () => {
    expect(requestOf(DRAFT)).toEqual({
      id: 'Echo',
      engine: 'Local.Test+1',
      description: 'Copies its input',
      appbundles: ['Me.Tools+prod'],
      commandLine: ['$(engine.path)/test echo "$(args[source].path)" "$(args[copy].path)"'],
      parameters: {
        source: { verb: 'get', localName: 'in.txt', required: true },
        copy: { verb: 'put', localName: 'out.txt', required: true, description: 'The copy' },
      },
    });
  });

  it('reads its JSON back, so the JSON view and the form edit the same activity', () => {
    const back = draftOf(JSON.stringify(requestOf(DRAFT)));
    expect('draft' in back && requestOf(back.draft)).toEqual(requestOf(DRAFT));
  });

  it('reads a one-string command line and says what is wrong with bad JSON', () => {
    const read = draftOf('{"id":"A","engine":"Local.Test+1","commandLine":"$(engine.path)/test exit 0"}');
    expect('draft' in read && read.draft.commandLines).toBe('$(engine.path)/test exit 0');
    expect(draftOf('{"id":')).toMatchObject({ problem: expect.stringContaining('This is not JSON') as string });
    expect(draftOf('[]')).toEqual({ problem: 'The activity must be a JSON object.' });
  });

  it('offers the variables of its appbundles and parameters, paths quoted', () => {
    expect(commandVariables(DRAFT)).toEqual([
      '$(engine.path)',
      '"$(appbundles[Tools].path)"',
      '"$(args[source].path)"',
      '"$(args[copy].path)"',
    ]);
    expect(commandVariables(emptyDraft())).toEqual(['$(engine.path)']);
  });
});
