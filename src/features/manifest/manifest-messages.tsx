import type { ManifestMessage } from '../../../contracts/model-derivative';
import { cx } from '../../lib/class-names';
import { describeCode, MESSAGE_TYPE_LABELS, messageText, type SharedMessage } from './message-text';

const TONE: Record<ManifestMessage['type'], string> = {
  error: 'border-red-200 bg-red-50 text-red-900 dark:border-red-900 dark:bg-red-950/50 dark:text-red-100',
  warning: 'border-amber-200 bg-amber-50 text-amber-900 dark:border-amber-900 dark:bg-amber-950/50 dark:text-amber-100',
  info: 'border-neutral-200 bg-neutral-50 dark:border-neutral-800 dark:bg-neutral-900',
};

/** Every message in full: the platform's words, what its code means, and the code itself. */
export function ManifestMessages({
  messages,
  label = 'Messages',
}: {
  messages: (ManifestMessage | SharedMessage)[];
  label?: string;
}) {
  if (messages.length === 0) return null;
  return (
    <ul aria-label={label} className="space-y-1">
      {messages.map((entry, index) => {
        const message = 'outputs' in entry ? entry.message : entry;
        return (
          <li key={index} className={cx('rounded border px-2 py-1 text-xs', TONE[message.type])}>
            <span className="font-semibold">{MESSAGE_TYPE_LABELS[message.type]}:</span> {messageText(message)}{' '}
            <span className="opacity-80">
              — {describeCode(message.code)} <code className="font-mono">{message.code}</code>
            </span>
            {'outputs' in entry && <span className="block opacity-80">For {entry.outputs.join(', ')}.</span>}
          </li>
        );
      })}
    </ul>
  );
}
