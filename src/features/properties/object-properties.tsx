import { useQuery } from '@tanstack/react-query';
import { describeError } from '../../api/describe-error';
import { mdQueries } from '../../api/model-derivative/queries';
import { Alert } from '../../components/ui/alert';
import { CopyButton } from '../../components/ui/copy-button';
import { Skeleton } from '../../components/ui/spinner';
import { ExtractingNotice } from './extracting-notice';
import { displayValue } from './format-value';
import { groupProperties, valueText } from './property-rows';

/**
 * The selected object's properties, one table section per category. Names and values wrap rather
 * than cut; a value shown shorter than stored (binary noise trimmed) has the stored one on hover, and
 * every value copies as stored.
 */
export function ObjectProperties({ urn, guid, objectid }: { urn: string; guid: string; objectid: number }) {
  const properties = useQuery(mdQueries.properties(urn, guid, objectid));
  if (properties.isPending) return <Skeleton className="h-32 w-full" />;
  if (properties.isError)
    return (
      <Alert tone="danger" title="Couldn't read the properties">
        {describeError(properties.error).message}
      </Alert>
    );
  if (properties.data.state === 'extracting') return <ExtractingNotice what="properties" />;
  const object = properties.data.data.data.collection[0];
  if (!object) return <p className="text-sm text-neutral-500">This object has no properties.</p>;
  return (
    <table aria-label={`Properties of ${object.name}`} className="w-full table-fixed text-sm">
      <colgroup>
        <col className="w-2/5" />
        <col />
      </colgroup>
      {groupProperties(object).map((group) => (
        <tbody key={group.category}>
          <tr>
            <th
              colSpan={2}
              scope="colgroup"
              className="bg-neutral-50 px-2 py-1 text-left text-xs font-semibold break-words text-neutral-600 dark:bg-neutral-900 dark:text-neutral-300"
            >
              {group.category}
            </th>
          </tr>
          {group.entries.map(([name, value]) => {
            const stored = valueText(value);
            const shown = displayValue(value);
            return (
              <tr key={name} className="group border-b border-neutral-100 align-top dark:border-neutral-800">
                <th
                  scope="row"
                  className="px-2 py-1 text-left font-normal break-words text-neutral-600 dark:text-neutral-400"
                >
                  {name}
                </th>
                <td className="px-2 py-1">
                  <div className="flex items-start gap-1">
                    <span
                      className="min-w-0 flex-1 break-words tabular-nums"
                      title={shown !== stored ? stored : undefined}
                    >
                      {shown}
                    </span>
                    {stored !== '' && (
                      <CopyButton
                        value={stored}
                        label={`${name} value`}
                        className="-my-0.5 shrink-0 opacity-0 group-hover:opacity-100 focus-visible:opacity-100"
                      />
                    )}
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      ))}
    </table>
  );
}
