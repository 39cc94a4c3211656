import type { ReactNode } from 'react';

export interface EmptyStateProps {
  icon?: ReactNode;
  title: string;
  /** What could be here, and how it gets here. */
  description: ReactNode;
  action?: ReactNode;
  /** 1 when the empty state is the whole page, 2 (the default) when it fills part of one. */
  headingLevel?: 1 | 2;
}

export function EmptyState({ icon, title, description, action, headingLevel = 2 }: EmptyStateProps) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <div className="mx-auto flex max-w-md flex-col items-center px-6 py-14 text-center">
      {icon && (
        <span className="mb-3 flex size-10 items-center justify-center rounded-full bg-neutral-100 text-neutral-500 dark:bg-neutral-800 dark:text-neutral-400">
          {icon}
        </span>
      )}
      <Heading className="text-sm font-semibold text-neutral-900 dark:text-neutral-100">{title}</Heading>
      <div className="mt-1 text-sm text-neutral-600 dark:text-neutral-400">{description}</div>
      {action && <div className="mt-4">{action}</div>}
    </div>
  );
}
