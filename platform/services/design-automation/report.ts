import type { Clock } from '../../config';

const two = (value: number) => String(value).padStart(2, '0');

/** `[MM/DD/YYYY HH:MM:SS]`, in UTC, as the real report's lines begin. */
export const reportTime = (at: Date): string =>
  `[${two(at.getUTCMonth() + 1)}/${two(at.getUTCDate())}/${at.getUTCFullYear()} ${two(at.getUTCHours())}:${two(at.getUTCMinutes())}:${two(at.getUTCSeconds())}]`;

/** The report's bytes are bounded: a program that prints without end cannot fill the disk. */
export const REPORT_MAX_BYTES = 8 * 1024 * 1024;

/** A workitem's `report.txt`, built line by line as the run reports them. */
export class Report {
  private readonly lines: string[] = [];
  private bytes = 0;
  private truncated = false;

  constructor(private readonly clock: Clock) {}

  line(text: string): void {
    if (this.truncated) return;
    const line = `${reportTime(this.clock.now())} ${text}`;
    if (this.bytes + line.length + 1 > REPORT_MAX_BYTES - 256) {
      this.truncated = true;
      this.lines.push(
        `${reportTime(this.clock.now())} The report reached ${REPORT_MAX_BYTES} bytes: later lines were left out.`,
      );
      return;
    }
    this.bytes += line.length + 1;
    this.lines.push(line);
  }

  /** The end: the result in the report's words, then the final status as indented JSON. */
  finish(result: string, status: object): Buffer {
    this.truncated = false;
    this.line(`Job finished with result ${result}`);
    this.line('Job Status:');
    return Buffer.from(`${[...this.lines, JSON.stringify(status, null, 2)].join('\n')}\n`);
  }
}

/** `success` → `Succeeded`; `failedUpload` → `FailedUpload`. */
export const resultWord = (status: string): string =>
  status === 'success' ? 'Succeeded' : status[0]!.toUpperCase() + status.slice(1);
