import { webhookRegionSql } from './wh-events';

/** The Webhooks `derivative` system's events: a job with a workflow starting, and ending. */
export type ExtractionEvent = 'extraction.updated' | 'extraction.finished';

const EVENT_TYPES: Record<ExtractionEvent, string> = {
  'extraction.updated': 'EXTRACTION_UPDATED',
  'extraction.finished': 'EXTRACTION_FINISHED',
};

/**
 * An `INSERT INTO wh_events` for a CTE of the statement that moves a job on: one event for each of
 * the CTE's rows (md_jobs columns: urn, status, workflow, workflow_attribute) whose job carries a
 * workflow and passes `where`; `at` is the number of the parameter holding the change's time.
 *
 * The event rides in the statement of the change rather than in a transaction around it: it exists
 * exactly when the change does (an outbox), and a job start, whose time is mostly round trips, gets
 * none more. The SQL builds the payload because only the changed row knows the job's workflow.
 *
 * Payload (webhooks digest §4.4): `{TimeStamp, URN, EventType, Payload: {status, scope, registerKey,
 * workflowAttribute?}}`, PascalCase as the service sends it; `URN` and the resource are the encoded
 * source URN, `scope` the source URN itself, `workflowAttribute` what the job request gave, if anything.
 * Hooks on `scope.workflow` hear it, in the region of the manifest.
 */
export function extractionEventInsert(jobs: string, event: ExtractionEvent, at: number, where = 'true'): string {
  return `INSERT INTO wh_events (region, system, event, resource_urn, scope_key, scope_values, payload, created_at)
  SELECT ${webhookRegionSql('m.region')}, 'derivative', '${event}', j.urn, 'workflow', ARRAY[j.workflow],
    jsonb_build_object(
      'TimeStamp', floor(extract(epoch FROM $${at}::timestamptz) * 1000)::bigint,
      'URN', j.urn,
      'EventType', '${EVENT_TYPES[event]}',
      'Payload', jsonb_build_object('status', j.status, 'scope', m.source_urn, 'registerKey', '[]'::jsonb)
        || CASE WHEN j.workflow_attribute IS NULL THEN '{}'::jsonb
           ELSE jsonb_build_object('workflowAttribute', j.workflow_attribute) END),
    $${at}
  FROM ${jobs} j JOIN md_manifests m ON m.urn = j.urn
  WHERE j.workflow IS NOT NULL AND ${where}`;
}
