import type { ReactNode } from 'react';
import { Skeleton } from '../../components/ui/spinner';

interface PageHeaderProps {
  breadcrumbs: ReactNode;
  /** Null while the place's name is loading. */
  title: string | null;
  /** For the page's aria-labelledby. */
  titleId?: string;
  subtitle?: ReactNode;
  icon?: ReactNode;
  actions?: ReactNode;
}

/** Where am I and what is this, in the same spot on every browse page. */
export function PageHeader({ breadcrumbs, title, titleId, subtitle, icon, actions }: PageHeaderProps) {
  return (
    <header className="flex flex-wrap items-end justify-between gap-x-4 gap-y-2 border-b border-neutral-200 px-4 py-3 sm:px-6 dark:border-neutral-800">
      <div className="min-w-0 flex-1 space-y-1">
        {breadcrumbs}
        <div className="flex min-w-0 items-center gap-2">
          {icon}
          {title === null ? (
            <h1 id={titleId} className="min-w-0">
              <Skeleton className="h-4 w-48" />
              <span className="sr-only">Loading</span>
            </h1>
          ) : (
            <h1 id={titleId} className="truncate text-base font-semibold text-neutral-900 dark:text-neutral-50">
              {title}
            </h1>
          )}
        </div>
        {subtitle && <p className="text-xs text-neutral-500 tabular-nums dark:text-neutral-400">{subtitle}</p>}
      </div>
      {actions && <div className="flex shrink-0 items-center gap-1">{actions}</div>}
    </header>
  );
}
