import { useState } from 'react';
import type { ManifestDerivative, ManifestMessage, ManifestResource } from '../../../contracts/model-derivative';
import { ChevronDownIcon, ChevronRightIcon } from '../../components/ui/icons';
import { formatBytes } from '../../lib/format-bytes';
import { DerivativeDownload, DOWNLOADABLE_ROLES } from './derivative-download';
import { ManifestMessages } from './manifest-messages';
import { NodeStatus } from './node-status';

/** Files of one role differ by resolution (a thumbnail comes in three sizes), so the label says it. */
export function resourceLabel(node: ManifestResource): string {
  const base = node.name ?? (node.role === 'thumbnail' ? 'Thumbnail' : node.role);
  return node.resolution ? `${base} ${node.resolution[0]} × ${node.resolution[1]}` : base;
}

function ResourceNode({ urn, node, sourceName }: { urn: string; node: ManifestResource; sourceName: string }) {
  const [open, setOpen] = useState(true);
  const children = node.children ?? [];
  return (
    <li
      role="treeitem"
      aria-expanded={children.length ? open : undefined}
      aria-selected={false}
      aria-label={`${resourceLabel(node)} (${node.type})`}
      className="space-y-1"
    >
      <div className="flex flex-wrap items-center gap-2 text-sm">
        {children.length > 0 ? (
          <button
            type="button"
            aria-label={open ? 'Collapse' : 'Expand'}
            onClick={() => setOpen(!open)}
            className="rounded p-0.5 hover:bg-neutral-100 dark:hover:bg-neutral-800"
          >
            {open ? <ChevronDownIcon className="size-3.5" /> : <ChevronRightIcon className="size-3.5" />}
          </button>
        ) : (
          <span className="w-4.5" />
        )}
        <span className="font-medium">{resourceLabel(node)}</span>
        <span className="text-xs text-neutral-500">
          {node.type} · role {node.role}
          {node.mime ? ` · ${node.mime}` : ''}
          {node.size !== undefined ? ` · ${formatBytes(node.size)}` : ''}
        </span>
        <NodeStatus status={node.status} progress={node.progress} />
        {DOWNLOADABLE_ROLES.includes(node.role) && (
          <DerivativeDownload urn={urn} resource={node} sourceName={sourceName} />
        )}
      </div>
      {node.messages && (
        <div className="ml-6">
          <ManifestMessages messages={node.messages} />
        </div>
      )}
      {open && children.length > 0 && (
        <ul role="group" className="ml-5 space-y-1 border-l border-neutral-200 pl-3 dark:border-neutral-800">
          {children.map((child) => (
            <ResourceNode key={child.guid} urn={urn} node={child} sourceName={sourceName} />
          ))}
        </ul>
      )}
    </li>
  );
}

/** One output of the manifest: its type, status and progress, its own messages and its files. */
function DerivativeNode({
  urn,
  derivative,
  sourceName,
  isShared,
}: {
  urn: string;
  derivative: ManifestDerivative;
  sourceName: string;
  isShared: (message: ManifestMessage) => boolean;
}) {
  const own = (derivative.messages ?? []).filter((message) => !isShared(message));
  return (
    <li
      role="treeitem"
      aria-expanded
      aria-selected={false}
      aria-label={`${derivative.outputType} output`}
      className="space-y-2 rounded-lg border border-neutral-200 p-3 dark:border-neutral-800"
    >
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-mono text-sm font-semibold uppercase">{derivative.outputType}</span>
        <NodeStatus status={derivative.status} progress={derivative.progress} />
        <span className="text-xs text-neutral-500">from {sourceName}</span>
      </div>
      <ManifestMessages messages={own} />
      {derivative.children.length > 0 && (
        <ul role="group" className="space-y-1">
          {derivative.children.map((child) => (
            <ResourceNode key={child.guid} urn={urn} node={child} sourceName={sourceName} />
          ))}
        </ul>
      )}
    </li>
  );
}

/**
 * `sourceName` names the downloads: the file's name as people know it, which for a Data Management
 * version is not the manifest's `name` (that is the storage object's key).
 */
export function DerivativeTree({
  urn,
  derivatives,
  sourceName,
  isShared = () => false,
}: {
  urn: string;
  derivatives: ManifestDerivative[];
  sourceName: string;
  isShared?: (message: ManifestMessage) => boolean;
}) {
  return (
    <ul role="tree" aria-label="Derivatives" className="space-y-3">
      {derivatives.map((derivative, index) => (
        <DerivativeNode
          key={`${derivative.outputType}-${index}`}
          urn={urn}
          derivative={derivative}
          sourceName={sourceName}
          isShared={isShared}
        />
      ))}
    </ul>
  );
}
