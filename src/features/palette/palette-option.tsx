import { BriefcaseIcon, BuildingIcon, FileIcon, FolderIcon } from '../../components/ui/icons';
import { cx } from '../../lib/class-names';
import { KIND_LABELS, type PaletteTarget, type TargetKind } from './targets';

const ICONS: Record<TargetKind, typeof FolderIcon> = {
  hub: BuildingIcon,
  project: BriefcaseIcon,
  folder: FolderIcon,
  item: FileIcon,
};

interface PaletteOptionProps {
  id: string;
  target: PaletteTarget;
  active: boolean;
  onPoint: () => void;
  onChoose: () => void;
}

/** One row of the palette's listbox: the place's name, what it is and where. */
export function PaletteOption({ id, target, active, onPoint, onChoose }: PaletteOptionProps) {
  const Icon = ICONS[target.kind];
  return (
    <div
      id={id}
      role="option"
      aria-selected={active}
      onMouseMove={onPoint}
      // The input keeps focus: a press on an option must not take it away before the click.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onChoose}
      className={cx(
        'flex cursor-pointer items-center gap-3 rounded-md px-2 py-1.5 text-sm',
        active
          ? 'bg-accent-50 text-accent-900 dark:bg-accent-950 dark:text-accent-100'
          : 'text-neutral-800 dark:text-neutral-100',
      )}
    >
      <Icon className="size-4 shrink-0 text-neutral-500 dark:text-neutral-400" />
      <span className="min-w-0 flex-1 truncate">{target.name}</span>
      <span className="max-w-[45%] shrink-0 truncate text-xs text-neutral-600 dark:text-neutral-300">
        {KIND_LABELS[target.kind]}
        {target.context ? ` · ${target.context}` : ''}
      </span>
    </div>
  );
}
