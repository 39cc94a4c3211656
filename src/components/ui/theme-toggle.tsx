import { useEffect, useState } from 'react';
import { followSystemTheme, readThemePreference, saveThemePreference, type ThemePreference } from '../../lib/theme';
import { MonitorIcon, MoonIcon, SunIcon } from './icons';

const NEXT: Record<ThemePreference, ThemePreference> = { system: 'light', light: 'dark', dark: 'system' };
const ICONS = { system: MonitorIcon, light: SunIcon, dark: MoonIcon };

/** Cycles system → light → dark; "system" keeps following the operating system as it changes. */
export function ThemeToggle() {
  const [preference, setPreference] = useState(readThemePreference);

  useEffect(() => followSystemTheme(), []);

  const Icon = ICONS[preference];
  const change = () => {
    const next = NEXT[preference];
    saveThemePreference(next);
    setPreference(next);
  };

  return (
    <button
      type="button"
      onClick={change}
      aria-label={`Theme: ${preference}. Switch to ${NEXT[preference]}`}
      title={`Theme: ${preference}`}
      className="flex size-8 items-center justify-center rounded-md text-neutral-500 hover:bg-neutral-100 hover:text-neutral-800 focus-visible:outline-2 focus-visible:outline-accent-500 dark:text-neutral-400 dark:hover:bg-neutral-800 dark:hover:text-neutral-100"
    >
      <Icon className="size-4" />
    </button>
  );
}
