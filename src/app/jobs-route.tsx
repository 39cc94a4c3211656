import { RunsList } from '../features/automation/runs-page';
import { JobsPage } from '../features/translate/jobs-page';

/** The job centre: translations, and beside them the automation runs, each watched the same way. */
export function JobsRoute() {
  return (
    <div className="flex min-h-0 flex-1 flex-col overflow-auto">
      <JobsPage />
      <RunsList headingLevel={2} />
    </div>
  );
}
