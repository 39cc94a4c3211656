import helper from './index.cjs';

export const { args, readText, readJson, log, progress, onDemand } = helper;
