import type { Context } from 'hono';
import { modelDerivativeError } from '../../http/errors';
import { jsonTextProblem } from '../../http/text-rules';

/** The JSON body, or undefined when it is not JSON; text that cannot be stored (a NUL) gets 400. */
export async function readJsonBody(c: Context): Promise<unknown> {
  const body: unknown = await c.req.json().catch(() => undefined);
  const problem = jsonTextProblem(body);
  if (problem) throw modelDerivativeError(400, problem);
  return body;
}
