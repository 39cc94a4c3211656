import { useQuery } from '@tanstack/react-query';
import { daQueries } from '../../api/design-automation/queries';
import { SELECT } from './project-picker';

/** The platform's engines, those that run here first; Autodesk's are listed but do not run locally. */
export function EngineSelect({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange: (engine: string) => void;
}) {
  const engines = useQuery(daQueries.engines());
  const ids = [...(engines.data ?? [])].sort(
    (a, b) => Number(a.startsWith('Autodesk.')) - Number(b.startsWith('Autodesk.')) || a.localeCompare(b),
  );
  return (
    <select id={id} className={SELECT} value={value} onChange={(event) => onChange(event.target.value)} required>
      <option value="">Choose an engine…</option>
      {ids.map((engine) => (
        <option key={engine} value={engine}>
          {engine}
          {engine.startsWith('Autodesk.') ? ' (does not run on this platform)' : ''}
        </option>
      ))}
    </select>
  );
}
