import { useQuery } from '@tanstack/react-query';
import { describeError } from '../../api/describe-error';
import { mdQueries } from '../../api/model-derivative/queries';
import { Alert } from '../../components/ui/alert';
import { Skeleton } from '../../components/ui/spinner';
import { ExtractingNotice } from './extracting-notice';
import { groupProperties, valueText } from './property-rows';

/** The selected object's properties, one table section per category. */
export function ObjectProperties({ urn, guid, objectid }: { urn: string; guid: string; objectid: number }) {
  const properties = useQuery(mdQueries.properties(urn, guid, objectid));
  if (properties.isPending) return <Skeleton className="h-32 w-full" />;
  if (properties.isError) return <Alert tone="danger" title="Couldn't read the properties">{describeError(properties.error).message}</Alert>;
  if (properties.data.state === 'extracting') return <ExtractingNotice what="properties" />;
  const object = properties.data.data.data.collection[0];
  if (!object) return <p className="text-sm text-neutral-500">This object has no properties.</p>;
  return (
    <table aria-label={`Properties of ${object.name}`} className="w-full text-sm">
      {groupProperties(object).map((group) => (
        <tbody key={group.category}>
          <tr>
            <th colSpan={2} scope="colgroup" className="bg-neutral-50 px-2 py-1 text-left text-xs font-semibold text-neutral-600 dark:bg-neutral-900 dark:text-neutral-300">
              {group.category}
            </th>
          </tr>
          {group.entries.map(([name, value]) => (
            <tr key={name} className="border-b border-neutral-100 dark:border-neutral-800">
              <th scope="row" className="w-2/5 px-2 py-1 text-left font-normal text-neutral-500">{name}</th>
              <td className="px-2 py-1 break-words">{valueText(value)}</td>
            </tr>
          ))}
        </tbody>
      ))}
    </table>
  );
}
