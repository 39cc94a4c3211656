import type { ComponentType, SVGProps } from 'react';
import { cx } from '../../lib/class-names';
import { ArchiveIcon, BoxIcon, FileIcon, FileTextIcon, FolderIcon, ImageIcon, RulerIcon, ShapesIcon } from './icons';

export type FileKind = 'folder' | 'model' | 'mesh' | 'drawing' | 'document' | 'image' | 'text' | 'archive' | 'file';

const ICONS: Record<FileKind, ComponentType<SVGProps<SVGSVGElement>>> = {
  folder: FolderIcon,
  model: BoxIcon,
  mesh: ShapesIcon,
  drawing: RulerIcon,
  document: FileTextIcon,
  image: ImageIcon,
  text: FileTextIcon,
  archive: ArchiveIcon,
  file: FileIcon,
};

const TINTS: Record<FileKind, string> = {
  folder: 'text-amber-500 dark:text-amber-400',
  model: 'text-accent-600 dark:text-accent-400',
  mesh: 'text-violet-600 dark:text-violet-400',
  drawing: 'text-teal-600 dark:text-teal-400',
  document: 'text-red-600 dark:text-red-400',
  image: 'text-pink-600 dark:text-pink-400',
  text: 'text-neutral-500 dark:text-neutral-400',
  archive: 'text-orange-600 dark:text-orange-400',
  file: 'text-neutral-500 dark:text-neutral-400',
};

/**
 * A thumbnail where one exists, else the icon of the file's kind, in a box of one size either way so
 * nothing beside it moves when the picture arrives. Decorative: the row beside it names the file and
 * its type in words.
 */
export function FileThumbnail({ kind, src, className }: { kind: FileKind; src?: string | null; className?: string }) {
  const Icon = ICONS[kind];
  return (
    <span className={cx('flex size-5 shrink-0 items-center justify-center', className)}>
      {src ? (
        <img src={src} alt="" className="size-full rounded-sm object-cover" />
      ) : (
        <Icon className={cx('size-[80%]', TINTS[kind])} />
      )}
    </span>
  );
}
