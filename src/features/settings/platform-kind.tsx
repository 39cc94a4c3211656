import type { ReactNode } from 'react';
import { cx } from '../../lib/class-names';

export type PlatformKind = 'platform' | 'aps-gateway';

/** Shown in the top bar when the app talks to APS through a gateway; also how the choice is recognised later. */
export const GATEWAY_PLATFORM_NAME = 'Autodesk Platform Services (through a gateway)';

const KINDS: { kind: PlatformKind; label: string; hint: ReactNode }[] = [
  {
    kind: 'platform',
    label: 'A platform',
    hint: 'The local platform, or another server that speaks the APS protocol to browsers.',
  },
  {
    kind: 'aps-gateway',
    label: GATEWAY_PLATFORM_NAME,
    hint: (
      <>
        Your real hubs: <code className="font-mono">npm run platform -- gateway</code> holds your APS app’s secret and
        forwards to APS.
      </>
    ),
  },
];

export function PlatformKindPicker({
  value,
  onChange,
}: {
  value: PlatformKind;
  onChange: (kind: PlatformKind) => void;
}) {
  return (
    <fieldset className="space-y-2">
      <legend className="mb-1 text-sm font-medium">Talk to</legend>
      {KINDS.map(({ kind, label, hint }) => (
        <label
          key={kind}
          className={cx(
            'flex cursor-pointer gap-2.5 rounded-md border p-2.5 text-sm',
            value === kind
              ? 'border-accent-500 bg-accent-50/50 dark:bg-accent-950/30'
              : 'border-neutral-200 dark:border-neutral-800',
          )}
        >
          <input
            type="radio"
            name="platformKind"
            value={kind}
            checked={value === kind}
            onChange={() => onChange(kind)}
            className="mt-1"
          />
          <span>
            <span className="block font-medium">{label}</span>
            <span className="block text-xs text-neutral-500 dark:text-neutral-400">{hint}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
