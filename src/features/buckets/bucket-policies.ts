import type { PolicyKey } from '../../../contracts/oss';

/** The retention policies in words: what happens to a bucket's objects, and when. */
export const POLICY_LABELS: Record<PolicyKey, { title: string; description: string }> = {
  transient: { title: 'Transient', description: 'Objects are deleted 24 hours after upload.' },
  temporary: { title: 'Temporary', description: 'Objects are deleted 30 days after upload.' },
  persistent: { title: 'Persistent', description: 'Objects stay until you delete them.' },
};
