import { Button } from '../../components/ui/button';

export type FocusMode = 'isolate' | 'ghost';

interface ViewerToolbarProps {
  ready: boolean;
  hasSelection: boolean;
  mode: FocusMode | null;
  onFitAll: () => void;
  onFitSelection: () => void;
  onMode: (mode: FocusMode | null) => void;
}

/**
 * What a person does to see an object among others: frame it, show it alone (isolate), or see it
 * through the others (ghost), and then everything again. Isolate and ghost are toggles.
 */
export function ViewerToolbar({ ready, hasSelection, mode, onFitAll, onFitSelection, onMode }: ViewerToolbarProps) {
  const toggle = (value: FocusMode) => onMode(mode === value ? null : value);
  return (
    <div role="toolbar" aria-label="3D view" className="flex flex-wrap items-center gap-1.5">
      <Button size="sm" onClick={onFitSelection} disabled={!ready || !hasSelection}>
        Fit to selection
      </Button>
      <Button
        size="sm"
        variant={mode === 'isolate' ? 'primary' : 'secondary'}
        aria-pressed={mode === 'isolate'}
        onClick={() => toggle('isolate')}
        disabled={!ready || (!hasSelection && mode !== 'isolate')}
      >
        Isolate
      </Button>
      <Button
        size="sm"
        variant={mode === 'ghost' ? 'primary' : 'secondary'}
        aria-pressed={mode === 'ghost'}
        onClick={() => toggle('ghost')}
        disabled={!ready || (!hasSelection && mode !== 'ghost')}
      >
        Ghost others
      </Button>
      <Button size="sm" onClick={() => onMode(null)} disabled={!ready || mode === null}>
        Show all
      </Button>
      <Button size="sm" className="ml-auto" onClick={onFitAll} disabled={!ready}>
        Zoom to fit
      </Button>
    </div>
  );
}
