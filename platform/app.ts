import { Hono } from 'hono';
import { getPath } from 'hono/utils/url';
import { platformToolParts, type PlatformTools } from './admin-api/routes';
import type { AppDeps } from './config';
import type { TokenCheck } from './http/auth';
import { compressJsonAnswers, decodedInProcess } from './http/compression';
import { appCors } from './http/cors';
import { HttpError, internalErrorFor, notFoundFor, unusableTextFor } from './http/errors';
import { healthRoutes, type Readiness } from './http/health';
import { requestLog, type LogWriter } from './http/request-log';
import { requestIdHeader, requestIdOf } from './http/response-headers';
import { requestTextCheck, type TextRefusal } from './http/request-text';
import { ACTIVE_FOR_MS, cachedTokenCheck } from './http/token-cache';
import { badPageRequest, isBrowserPagePath } from './services/authentication/page-response';
import { authenticationRoutes } from './services/authentication/routes';
import { dataManagementRoutes } from './services/data-management/routes';
import { designAutomation } from './services/design-automation/routes';
import { createJobRunner } from './services/model-derivative/job-runner';
import { modelDerivativeRoutes } from './services/model-derivative/routes';
import { ossRoutes } from './services/oss/routes';
import { userProfileRoutes } from './services/user-profile/routes';
import { webhooksRoutes } from './services/webhooks/routes';
import { UnstorableTextError } from './storage/db/db';

export interface Logger {
  error(message: string, error?: unknown): void;
}

/**
 * The whole platform as one fetch handler, built from its dependencies. It opens no socket:
 * `main.ts` serves it and tests call `app.request()`.
 */
export interface AppOptions {
  requestLog?: LogWriter;
  /** Faults, the request inspector and the routes under /_platform; absent where the operator turned them off. */
  tools?: PlatformTools;
}

export function createApp(deps: AppDeps, logger: Logger = console, options: AppOptions = {}) {
  // The official clients send `//oss/v2/...` when their base URL ends in a slash; production accepts it.
  const app = new Hono({ getPath: (request) => getPath(request).replace(/^\/{2,}/, '/') });
  const tokens: TokenCheck = cachedTokenCheck(
    {
      verify: (token, now) => deps.signer.verifyAccessToken(token, now),
      isActive: (jti, now) => deps.stores.oauth.isAccessTokenActive(jti, now),
      clock: deps.clock,
      // On a server other instances revoke too, and their revocations reach this one only through the database.
    },
    deps.stores.revocations,
    deps.stores.db.kind === 'pglite' ? ACTIVE_FOR_MS : 0,
  );

  app.use('*', requestIdHeader());
  if (options.requestLog) app.use('*', requestLog(options.requestLog));
  const tools = options.tools && platformToolParts(options.tools);
  for (const middleware of tools?.middleware ?? []) app.use('*', middleware);
  app.use('*', compressJsonAnswers());
  for (const middleware of tools?.innerMiddleware ?? []) app.use('*', middleware);
  const readiness: Readiness = { draining: false };
  app.route('/', healthRoutes(deps.stores.db, readiness));
  app.use('*', appCors(deps.config.appOrigins));
  for (const middleware of tools?.afterCors ?? []) app.use('*', middleware);
  // Each service answers in its own format; the pages a browser opens answer with a page.
  const refuseText: TextRefusal = (place, path, message) =>
    isBrowserPagePath(path) ? badPageRequest(message) : unusableTextFor(place, path, message);
  app.use('*', requestTextCheck(refuseText));
  if (tools?.routes) app.route('/_platform', tools.routes);

  app.route('/', authenticationRoutes(deps, tokens));
  app.route('/', dataManagementRoutes(deps, tokens));
  app.route('/userprofile', userProfileRoutes(deps, tokens));
  app.route('/oss/v2', ossRoutes(deps, tokens));
  app.route('/webhooks/v1', webhooksRoutes(deps, tokens));
  // Jobs outlive requests: the runner is the app's, and `main.ts` resumes the ones a stop left behind.
  const jobs = createJobRunner({ ...deps, logger, lease: deps.jobQueue?.lease, runsJobs: deps.jobQueue?.runsJobs });
  app.route('/modelderivative/v2', modelDerivativeRoutes(deps, tokens, jobs));
  // Workitems reach the platform's own URLs (OSS inputs and outputs) in-process, through app.fetch.
  const automation = designAutomation(
    { ...deps, logger, platformFetch: decodedInProcess((request) => app.fetch(request)) },
    tokens,
  );
  app.route('/da', automation.routes);

  app.notFound((c) => {
    const error = notFoundFor(c.req.path);
    // Design Automation's 404 is a JSON string, already encoded, with its own Content-Type.
    return typeof error.body === 'string'
      ? c.body(error.body, error.status, error.headers)
      : c.json(error.body, error.status);
  });
  app.onError((error, c) => {
    // The storage layer's last line: text it cannot hold that a handler let through is still the client's mistake.
    const known =
      error instanceof HttpError
        ? error
        : error instanceof UnstorableTextError
          ? refuseText(
              'body',
              c.req.path,
              'The request holds text that cannot be stored: a NUL or a lone UTF-16 surrogate.',
            )
          : undefined;
    const requestId = requestIdOf(c);
    if (!known) logger.error(`request ${requestId} ${c.req.method} ${c.req.path} failed`, error);
    const reply = known ?? internalErrorFor(c.req.path, requestId);
    for (const [name, value] of Object.entries(reply.headers)) c.header(name, value);
    if (typeof reply.body !== 'string') return c.json(reply.body, reply.status);
    // A string body that names its own type (an HTML page) keeps it; any other is plain text.
    return 'Content-Type' in reply.headers ? c.body(reply.body, reply.status) : c.text(reply.body, reply.status);
  });
  return Object.assign(app, { jobs, workitems: automation.workitems, readiness });
}

export type PlatformApp = ReturnType<typeof createApp>;
