import type { FinalWorkItemStatus } from '../../contracts/design-automation';

/** Ends a run with a status other than success, and the words the report and the app show for it. */
export class RunFailure extends Error {
  constructor(
    readonly status: Exclude<FinalWorkItemStatus, 'success'>,
    message: string,
  ) {
    super(message);
    this.name = 'RunFailure';
  }
}
