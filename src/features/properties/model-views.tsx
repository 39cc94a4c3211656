import type { ModelView } from '../../../contracts/model-derivative';

/** The model's views (3D, 2D sheets); the chosen one feeds the tree, the properties and the preview. */
export function ModelViews({
  views,
  selected,
  onChange,
}: {
  views: ModelView[];
  selected: string | null;
  onChange: (guid: string) => void;
}) {
  if (views.length <= 1)
    return views[0] ? <span className="text-xs text-neutral-500">View: {viewLabel(views[0])}</span> : null;
  return (
    <label className="flex items-center gap-2 text-sm">
      View
      <select
        value={selected ?? ''}
        onChange={(event) => onChange(event.target.value)}
        className="h-8 rounded-md border border-neutral-300 bg-white px-2 dark:border-neutral-700 dark:bg-neutral-900"
      >
        {views.map((view) => (
          <option key={view.guid} value={view.guid}>
            {viewLabel(view)}
          </option>
        ))}
      </select>
    </label>
  );
}

/** "Level 1 (2D)", but "3D" rather than "3D (3D)" when the name says the role already. */
export function viewLabel(view: ModelView): string {
  const role = view.role.toUpperCase();
  return view.name.toUpperCase().includes(role) ? view.name : `${view.name} (${role})`;
}
