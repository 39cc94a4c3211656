/** The product's mark and name, as the top bar and the full-page screens show it. */
export function Brand({ size = 'md' }: { size?: 'md' | 'lg' }) {
  const box = size === 'lg' ? 'size-9 rounded-lg' : 'size-6 rounded-md';
  return (
    <span className="flex items-center gap-2">
      <span
        aria-hidden="true"
        className={`flex ${box} items-center justify-center bg-accent-600 text-white dark:bg-accent-500 dark:text-neutral-950`}
      >
        <svg
          viewBox="0 0 24 24"
          className="size-3/5"
          fill="none"
          stroke="currentColor"
          strokeWidth={2.2}
          strokeLinejoin="round"
        >
          <path d="M12 3 3 7.5l9 4.5 9-4.5L12 3ZM3 12l9 4.5 9-4.5M3 16.5 12 21l9-4.5" />
        </svg>
      </span>
      <span className={size === 'lg' ? 'text-lg font-semibold tracking-tight' : 'text-sm font-semibold tracking-tight'}>
        Design Data Manager
      </span>
    </span>
  );
}
