import { Button } from '../../components/ui/button';

/** Previous and Next under a cursor-paged listing. */
export function Pager({
  pageNumber,
  hasPrevious,
  hasNext,
  onPrevious,
  onNext,
}: {
  pageNumber: number;
  hasPrevious: boolean;
  hasNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
}) {
  if (!hasPrevious && !hasNext) return null;
  return (
    <nav
      aria-label="Pages"
      className="flex items-center justify-end gap-2 border-t border-neutral-200 px-6 py-2 dark:border-neutral-800"
    >
      <span className="text-xs text-neutral-500 tabular-nums dark:text-neutral-400">Page {pageNumber}</span>
      <Button size="sm" onClick={onPrevious} disabled={!hasPrevious}>
        Previous
      </Button>
      <Button size="sm" onClick={onNext} disabled={!hasNext}>
        Next
      </Button>
    </nav>
  );
}
