import { describe, expect, it } from 'vitest';
import { failureReason, reportLines, timelineOf } from './report-lines';

const FAILED = `[01/02/2026 10:00:00] Starting work item abc
[01/02/2026 10:00:00] Start download phase.
[01/02/2026 10:00:01] End download phase successfully.
[01/02/2026 10:00:01] Command line: [ /engines/test/test exit 3 ]
[01/02/2026 10:00:01] Start script phase.
[01/02/2026 10:00:02] Error: The program exited with code 3.
[01/02/2026 10:00:02] End script phase.
[01/02/2026 10:00:02] Job finished with result FailedInstructions
[01/02/2026 10:00:02] Job Status:
{
  "status": "failedInstructions"
}
`;

describe('reportLines', () => {
  it('marks phases, the command line, errors and the result; the final JSON stays plain', () => {
    const lines = reportLines(FAILED);
    expect(lines.map((line) => line.kind)).toEqual([
      'phase',
      'phase',
      'phase',
      'command',
      'phase',
      'error',
      'phase',
      'error',
      'plain',
      'plain',
      'plain',
      'plain',
    ]);
    expect(lines[0]).toEqual({ time: '[01/02/2026 10:00:00]', text: 'Starting work item abc', kind: 'phase' });
  });

  it('a success is a result, not an error', () => {
    expect(reportLines('[01/02/2026 10:00:00] Job finished with result Succeeded')[0]?.kind).toBe('result');
  });
});

describe('failureReason', () => {
  it('quotes the report’s error lines without the “Error:” prefix', () => {
    expect(failureReason(FAILED)).toBe('The program exited with code 3.');
    expect(failureReason('[01/02/2026 10:00:00] Error: Non-optional output [/job/out.csv] is missing.')).toBe(
      'Non-optional output [/job/out.csv] is missing.',
    );
    expect(failureReason('[01/02/2026 10:00:00] Job finished with result Succeeded')).toBeNull();
  });
});

describe('timelineOf', () => {
  it('turns the stats into how long each phase took', () => {
    const stats = {
      timeQueued: '2026-01-02T10:00:00.0000000Z',
      timeDownloadStarted: '2026-01-02T10:00:01.0000000Z',
      timeInstructionsStarted: '2026-01-02T10:00:01.5000000Z',
      timeInstructionsEnded: '2026-01-02T10:00:04.5000000Z',
      timeUploadEnded: '2026-01-02T10:00:05.0000000Z',
      timeFinished: '2026-01-02T10:00:05.1000000Z',
    };
    expect(timelineOf(stats, 0)).toEqual([
      { label: 'Queued', ms: 1000 },
      { label: 'Downloading inputs', ms: 500 },
      { label: 'Running the program', ms: 3000 },
      { label: 'Uploading outputs', ms: 500 },
    ]);
  });

  it('a running workitem’s current phase lasts until now', () => {
    const stats = { timeQueued: '2026-01-02T10:00:00.0000000Z', timeDownloadStarted: '2026-01-02T10:00:02.0000000Z' };
    expect(timelineOf(stats, Date.parse('2026-01-02T10:00:05Z'))).toEqual([
      { label: 'Queued', ms: 2000 },
      { label: 'Downloading inputs', ms: 3000 },
    ]);
  });

  it('a workitem cancelled in the queue was only queued', () => {
    expect(
      timelineOf({ timeQueued: '2026-01-02T10:00:00.0000000Z', timeFinished: '2026-01-02T10:00:03.0000000Z' }, 0),
    ).toEqual([{ label: 'Queued', ms: 3000 }]);
  });
});
