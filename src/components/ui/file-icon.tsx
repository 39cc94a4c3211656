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
 * A thumbnail where one exists, else the icon of the file's kind. Decorative: the row beside it names
 * the file and its type in words.
 */
export function FileThumbnail({ kind, src, className }: { kind: FileKind; src?: string | null; className?: string }) {
  if (src) return <img src={src} alt="" loading="lazy" className={cx('size-5 rounded-sm object-cover', className)} />;
  const Icon = ICONS[kind];
  return <Icon className={cx('size-4 shrink-0', TINTS[kind], className)} />;
}
