import { appBrowse } from './app-browse';
import { appBundle } from './app-bundle';
import { automationWorkitem } from './automation-workitem';
import { appTranslate } from './app-translate';
import { appUpload } from './app-upload';
import type { Benchmark } from './harness';
import { daEngine } from './da-engine';
import { dmFolderPage } from './dm-folder-page';
import { gatewayUpload } from './gateway-upload';
import { hubsList } from './hubs-list';
import { mdJob } from './md-job';
import { ossList } from './oss-list';
import { ossUpload } from './oss-upload';
import { platformPackage } from './platform-package';
import { translateIfc } from './translate-ifc';
import { jobQueue } from './job-queue';
import { teamScale } from './team-scale';
import { webhooksDelivery } from './webhooks-delivery';

/** Every benchmark, run one after another so they do not compete for the machine's cores. */
const BENCHMARKS: Benchmark[] = [
  hubsList,
  dmFolderPage,
  ossUpload,
  gatewayUpload,
  ossList,
  appBundle,
  appBrowse,
  appUpload,
  translateIfc,
  mdJob,
  appTranslate,
  daEngine,
  automationWorkitem,
  jobQueue,
  teamScale,
  platformPackage,
  webhooksDelivery,
];

const only = process.argv.slice(2);
let failed = false;
for (const benchmark of BENCHMARKS) {
  if (only.length && !only.includes(benchmark.name)) continue;
  try {
    for (const line of await benchmark.run()) console.log(JSON.stringify(line));
  } catch (error) {
    failed = true;
    console.error(
      `${benchmark.name} failed: ${(error as Error).message}`,
      process.env['BENCH_DEBUG'] ? (error as Error).stack : '',
    );
  }
}
process.exit(failed ? 1 : 0);
