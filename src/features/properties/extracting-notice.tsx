import { Spinner } from '../../components/ui/spinner';

/** Shown while the platform answers 202: the data is being extracted and is asked for again shortly. */
export function ExtractingNotice({ what }: { what: string }) {
  return (
    <p
      role="status"
      className="flex items-center gap-2 rounded-md border border-neutral-200 px-3 py-2 text-sm text-neutral-600 dark:border-neutral-800 dark:text-neutral-300"
    >
      <Spinner /> The platform is still extracting the {what}; it shows here as soon as it is ready.
    </p>
  );
}
