import type { PillTone } from '../../components/ui/status-pill';

export function statusTone(status: number): PillTone {
  if (status >= 500) return 'danger';
  if (status >= 400) return 'warning';
  if (status >= 300) return 'neutral';
  return 'success';
}
