import type { VersionChoice } from './argument-builder';

export interface PickedFolder {
  hubId: string;
  projectId: string;
  folderId: string;
  folderName: string;
}

/** `accept`: the extension (".ifc") the activity expects of the file, when its parameter names one. */
export type PickerProps =
  | { mode: 'file'; label: string; accept?: string; onPick: (version: VersionChoice, folder: PickedFolder) => void }
  | { mode: 'folder'; label: string; onPick: (folder: PickedFolder) => void };
