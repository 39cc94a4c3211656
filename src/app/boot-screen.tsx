import { Spinner } from '../components/ui/spinner';
import { FullPageMessage } from './full-page-message';

export function BootScreen() {
  return (
    <FullPageMessage>
      <p
        role="status"
        className="flex items-center justify-center gap-2 text-sm text-neutral-500 dark:text-neutral-400"
      >
        <Spinner />
        Starting…
      </p>
    </FullPageMessage>
  );
}
