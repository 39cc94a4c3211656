import { formatBytes } from '../../lib/format-bytes';
import { formatDuration, secondsLeft } from './speed';
import { isActive, type UploadEntry, type UploadStatus } from './upload-store';

const count = (entries: UploadEntry[], status: UploadStatus) =>
  entries.filter((entry) => entry.status === status).length;

/** Progress over the files still being sent: finished, failed and cancelled ones would make the % lie. */
function progress(entries: UploadEntry[]) {
  const active = entries.filter(isActive);
  const size = active.reduce((sum, entry) => sum + entry.size, 0);
  const sent = active.reduce((sum, entry) => sum + entry.sentBytes, 0);
  const speed = active.reduce((sum, entry) => sum + (entry.status === 'uploading' ? entry.meter.speed : 0), 0);
  return { active: active.length, size, sent, speed };
}

/** What happened to the files no longer being sent, in words: "1 done, 1 failed", "Cancelled". */
function outcomes(entries: UploadEntry[]): string[] {
  const cancelled = count(entries, 'cancelled');
  const parts: [number, string][] = [
    [count(entries, 'done'), 'done'],
    [count(entries, 'failed'), 'failed'],
    [count(entries, 'refused'), 'not uploaded'],
    [count(entries, 'held'), 'held for a shorter name'],
    [cancelled, 'cancelled'],
    [count(entries, 'skipped'), 'skipped'],
  ];
  return parts.filter(([n]) => n > 0).map(([n, words]) => `${n} ${words}`);
}

/** The panel's heading: progress while files are sent, then what became of them. */
export function uploadSummary(entries: UploadEntry[]): string {
  const { active, size, sent, speed } = progress(entries);
  if (active === 0) return count(entries, 'cancelled') === entries.length ? 'Cancelled' : outcomes(entries).join(', ');
  const percent = size > 0 ? Math.floor((sent / size) * 100) : 0;
  const left = formatDuration(secondsLeft(size - sent, speed));
  const sending = [`${active} uploading`, `${percent}%`, speed > 0 ? `${formatBytes(speed)}/s` : '', left];
  return [...sending, ...outcomes(entries)].filter(Boolean).join(' · ');
}

/** Read out when it changes: counts only, so the screen reader is not flooded with bytes. */
export function uploadAnnouncement(entries: UploadEntry[]): string {
  const parts: [number, string][] = [
    [entries.filter(isActive).length, 'uploading'],
    [count(entries, 'done'), 'uploaded'],
    [count(entries, 'failed'), 'failed'],
    [count(entries, 'refused'), 'not uploaded'],
    [count(entries, 'held'), 'held for a shorter name'],
  ];
  return parts
    .filter(([n]) => n > 0)
    .map(([n, words]) => `${n} ${words}`)
    .join(', ');
}
