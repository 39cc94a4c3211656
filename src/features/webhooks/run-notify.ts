import type { QueryClient } from '@tanstack/react-query';
import { webhooksMutations } from '../../api/webhooks/mutations';
import { runMutation } from '../../api/run-mutation';
import type { NotifyPlan } from './notify-plan';

export interface CreatedHook {
  event: string;
  /** Null when the service's answer did not name it (a `Location` the browser was not shown). */
  hookId: string | null;
}

export interface NotifyOutcome {
  created: CreatedHook[];
  /** The first refusal; the hooks made before it stay, and are listed. */
  error: unknown;
}

const SYSTEM = 'data';

/**
 * Creates the planned hooks one event at a time (or all at once), then gives each its own secret:
 * the create body has no secret, only PATCH sets one.
 */
export async function runNotify(queryClient: QueryClient, plan: NotifyPlan): Promise<NotifyOutcome> {
  const { region, payload } = plan;
  const created: CreatedHook[] = [];
  try {
    if (plan.events === null) {
      const hooks = await runMutation(
        queryClient,
        webhooksMutations.createSystemHooks({ region, system: SYSTEM }),
        payload,
      );
      created.push(...hooks.map((hook) => ({ event: hook.event, hookId: hook.hookId })));
    } else {
      for (const event of plan.events) {
        const { hookId } = await runMutation(
          queryClient,
          webhooksMutations.createHook({ region, system: SYSTEM, event }),
          payload,
        );
        created.push({ event, hookId });
      }
    }
    if (plan.secret) {
      for (const { event, hookId } of created) {
        if (!hookId)
          throw new Error(
            `The hook for ${event} was made, but its id was not given back: set its secret on the Webhooks page.`,
          );
        await runMutation(queryClient, webhooksMutations.patchHook({ region, system: SYSTEM, event, hookId }), {
          token: plan.secret,
        });
      }
    }
    return { created, error: null };
  } catch (error) {
    return { created, error };
  }
}
