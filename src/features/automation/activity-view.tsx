import { useState } from 'react';
import type { DaActivity } from '../../../contracts/design-automation';
import { Button } from '../../components/ui/button';
import { roleOf } from './argument-builder';

/** An activity's definition as a reader wants it (command lines, parameters, bundles), the JSON one toggle away. */
export function ActivityView({ activity }: { activity: DaActivity }) {
  const [json, setJson] = useState(false);
  const lines = Array.isArray(activity.commandLine) ? activity.commandLine : [activity.commandLine];
  return (
    <div className="space-y-3 p-4 text-sm">
      <Button size="sm" variant="ghost" aria-pressed={json} onClick={() => setJson(!json)}>
        {json ? 'Show as form' : 'Show JSON'}
      </Button>
      {json ? (
        <pre
          aria-label="Activity JSON"
          className="max-h-96 overflow-auto rounded-md bg-neutral-50 p-3 font-mono text-xs dark:bg-neutral-900"
        >
          {JSON.stringify(activity, null, 2)}
        </pre>
      ) : (
        <>
          <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
            <dt className="text-neutral-600 dark:text-neutral-400">Engine</dt>
            <dd className="font-mono text-xs">{activity.engine}</dd>
            <dt className="text-neutral-600 dark:text-neutral-400">Version</dt>
            <dd className="tabular-nums">{activity.version}</dd>
            <dt className="text-neutral-600 dark:text-neutral-400">Appbundles</dt>
            <dd className="font-mono text-xs">{activity.appbundles?.join(', ') || 'none'}</dd>
            <dt className="text-neutral-600 dark:text-neutral-400">Command line</dt>
            <dd>
              {lines.map((line) => (
                <code key={line} className="block font-mono text-xs break-all">
                  {line}
                </code>
              ))}
            </dd>
          </dl>
          <table className="w-full text-left text-xs">
            <caption className="sr-only">Parameters</caption>
            <thead className="text-neutral-600 dark:text-neutral-400">
              <tr>
                <th className="py-1 font-medium">Parameter</th>
                <th className="font-medium">Role</th>
                <th className="font-medium">Verb</th>
                <th className="font-medium">Local name</th>
                <th className="font-medium">Required</th>
                <th className="font-medium">Description</th>
              </tr>
            </thead>
            <tbody>
              {Object.entries(activity.parameters ?? {}).map(([name, parameter]) => (
                <tr key={name} className="border-t border-neutral-100 dark:border-neutral-800">
                  <td className="py-1 font-mono">{name}</td>
                  <td>{roleOf(parameter)}</td>
                  <td className="font-mono">{parameter.verb ?? 'get'}</td>
                  <td className="font-mono">{parameter.localName ?? ''}</td>
                  <td>{parameter.required ? 'yes' : 'no'}</td>
                  <td>{parameter.description ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </div>
  );
}
