/** An archive this platform refuses (damaged, incomplete, from another schema version), or a restore it cannot do: nothing was changed. */
export class SnapshotError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SnapshotError';
  }
}
