import { Link } from 'react-router-dom';
import type { Project } from '../../../contracts/data-management';
import { CopyButton } from '../../components/ui/copy-button';
import { BriefcaseIcon } from '../../components/ui/icons';
import { projectPath } from './places';
import { projectTypeLabel } from './project-labels';

const HEAD =
  'sticky top-0 z-10 h-8 border-b border-neutral-200 bg-neutral-50/95 px-3 text-left text-xs font-medium text-neutral-500 backdrop-blur dark:border-neutral-800 dark:bg-neutral-900/95 dark:text-neutral-400';
const CELL = 'h-9 border-b border-neutral-100 px-3 dark:border-neutral-800/70';

export function ProjectsTable({ hubId, projects }: { hubId: string; projects: Project[] }) {
  return (
    <table aria-label="Projects" className="w-full border-separate border-spacing-0 text-sm">
      <thead>
        <tr>
          <th scope="col" className={`${HEAD} pl-6`}>
            Name
          </th>
          <th scope="col" className={HEAD}>
            Type
          </th>
          <th scope="col" className={`${HEAD} hidden pr-6 md:table-cell`}>
            Project ID
          </th>
        </tr>
      </thead>
      <tbody>
        {projects.map((project) => (
          <tr key={project.id} className="group hover:bg-neutral-50 dark:hover:bg-neutral-900">
            <th scope="row" className={`${CELL} pl-6 text-left font-medium text-neutral-900 dark:text-neutral-100`}>
              <span className="flex min-w-0 items-center gap-2">
                <BriefcaseIcon className="size-4 shrink-0 text-neutral-400" />
                <Link
                  to={projectPath(hubId, project.id)}
                  className="truncate hover:underline focus-visible:outline-2 focus-visible:outline-accent-500"
                >
                  {project.attributes.name}
                </Link>
              </span>
            </th>
            <td className={`${CELL} text-neutral-600 dark:text-neutral-300`}>
              <span title={project.attributes.extension.type}>
                {projectTypeLabel(project.attributes.extension.type, project.attributes.extension.data)}
              </span>
            </td>
            <td className={`${CELL} hidden pr-6 md:table-cell`}>
              <span className="flex items-center gap-1">
                <code
                  className="max-w-72 truncate font-mono text-xs text-neutral-500 dark:text-neutral-400"
                  title={project.id}
                >
                  {project.id}
                </code>
                <CopyButton value={project.id} label={`ID of ${project.attributes.name}`} />
              </span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
