import type { WorkitemEngine } from '../../automation/engine-types';

/**
 * Until `platform/automation/`'s engines are wired into `serve`: no engine is offered, so no
 * activity can be made and nothing pretends to run. `GET /engines` answers an empty list.
 */
export const NO_ENGINES: WorkitemEngine = {
  engines: [],
  run: () => Promise.resolve({ status: 'failedInstructions', message: 'No Design Automation engine is installed on this platform.' }),
  close: () => Promise.resolve(),
};
