/** Project extension types in the words people know them by. */
const PROJECT_TYPES: Record<string, string> = {
  'projects:autodesk.core:Project': 'Team project',
  'projects:autodesk.bim360:Project': 'BIM 360 / ACC project',
};

export function projectTypeLabel(extensionType: string, data: Record<string, unknown> = {}): string {
  // BIM 360 and ACC share one extension type and differ in extension.data.projectType.
  if (data['projectType'] === 'ACC') return 'ACC project';
  if (data['projectType'] === 'BIM360') return 'BIM 360 project';
  return PROJECT_TYPES[extensionType] ?? extensionType.split(':').pop() ?? extensionType;
}
