import type { WorkItemStats } from '../../../contracts/design-automation';

/**
 * Reading a workitem's `report.txt` and stats for people: the phases stand out, errors are found,
 * and the stats become a timeline. Pure, so the wording is tested on real report lines.
 */

export type LineKind = 'phase' | 'error' | 'warning' | 'command' | 'result' | 'plain';

export interface ReportLine {
  time: string | null;
  text: string;
  kind: LineKind;
}

const STAMP = /^(\[\d\d\/\d\d\/\d{4} \d\d:\d\d:\d\d\])\s?(.*)$/;

function kindOf(text: string): LineKind {
  if (/^(Start|End) [a-z ]*phase\b/i.test(text) || /^Starting work item/.test(text)) return 'phase';
  if (/^Job finished with result/.test(text)) return /Succeeded$/.test(text) ? 'result' : 'error';
  if (/^Error\b|^Non-optional output|\bfailed\b/i.test(text)) return 'error';
  if (/^Warning\b/i.test(text)) return 'warning';
  if (/^Command line:/.test(text)) return 'command';
  return 'plain';
}

export function reportLines(report: string): ReportLine[] {
  const lines: ReportLine[] = [];
  let inStatus = false;
  for (const raw of report.split(/\r?\n/)) {
    if (raw.trim() === '') continue;
    const match = STAMP.exec(raw);
    const text = match ? match[2]! : raw;
    // The final "Job Status:" block is JSON, shown as it is.
    if (text === 'Job Status:') inStatus = true;
    lines.push({ time: match ? match[1]! : null, text, kind: inStatus || !match ? 'plain' : kindOf(text) });
  }
  return lines;
}

/** The report's own words for why it failed: its error lines, the program's last output before them. */
export function failureReason(report: string): string | null {
  const errors = reportLines(report).filter((line) => line.kind === 'error' && !line.text.startsWith('Job finished'));
  if (errors.length === 0) return null;
  return errors
    .map((line) => line.text.replace(/^Error:\s*/, ''))
    .slice(-3)
    .join(' ');
}

export interface TimelineStep {
  label: string;
  ms: number;
}

const time = (value: string | undefined) => (value ? Date.parse(value) : Number.NaN);

/** Queued, downloading, running, uploading: how long each took, from the stats the workitem reported. */
export function timelineOf(stats: WorkItemStats, now: number): TimelineStep[] {
  const marks: [string, string | undefined][] = [
    ['Queued', stats.timeQueued],
    ['Downloading inputs', stats.timeDownloadStarted],
    ['Running the program', stats.timeInstructionsStarted],
    ['Uploading outputs', stats.timeInstructionsEnded],
    ['', stats.timeUploadEnded ?? stats.timeFinished],
  ];
  const steps: TimelineStep[] = [];
  for (let index = 0; index < marks.length - 1; index++) {
    const [label, start] = marks[index]!;
    if (!start) break;
    const next = marks.slice(index + 1).find(([, at]) => at !== undefined)?.[1];
    const end = next ? time(next) : stats.timeFinished ? time(stats.timeFinished) : now;
    steps.push({ label, ms: Math.max(0, end - time(start)) });
    if (!marks[index + 1]![1]) break;
  }
  return steps;
}
