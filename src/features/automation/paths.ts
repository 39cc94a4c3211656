/** Every place of the automation pages has an address, so a reload or a shared link lands in the same place. */
export const AUTOMATION_PATH = '/automation';
export const RUNS_PATH = `${AUTOMATION_PATH}/runs`;
export const NEW_APPBUNDLE_PATH = `${AUTOMATION_PATH}/appbundles/new`;
export const NEW_ACTIVITY_PATH = `${AUTOMATION_PATH}/activities/new`;

export const AUTOMATION_PATTERNS = {
  appBundle: `${AUTOMATION_PATH}/appbundles/:owner/:name`,
  activity: `${AUTOMATION_PATH}/activities/:owner/:name`,
  run: `${AUTOMATION_PATH}/runs/:id`,
} as const;

const part = encodeURIComponent;
export const appBundlePath = (owner: string, name: string) =>
  `${AUTOMATION_PATH}/appbundles/${part(owner)}/${part(name)}`;
/** `run` opens the run form; `again` fills it with a past run's choices. */
export const activityPath = (
  owner: string,
  name: string,
  options: { run?: boolean; again?: string; alias?: string } = {},
) => {
  const search = new URLSearchParams();
  if (options.alias) search.set('alias', options.alias);
  if (options.run) search.set('run', '1');
  if (options.again) search.set('again', options.again);
  const query = search.toString();
  return `${AUTOMATION_PATH}/activities/${part(owner)}/${part(name)}${query ? `?${query}` : ''}`;
};
export const runPath = (id: string) => `${RUNS_PATH}/${part(id)}`;
