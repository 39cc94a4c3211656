import type { OutputType, ViewKind } from '../../../contracts/model-derivative';
import { OUTPUT_LABELS, type StlFormat, type ThumbnailSize, type TranslateChoices } from './translate-options';

const CHECK = 'size-4 rounded border-neutral-300 accent-accent-600';
const SUB = 'ml-6 flex flex-wrap items-center gap-3 text-xs text-neutral-600 dark:text-neutral-300';

interface Props {
  available: OutputType[];
  existing: OutputType[];
  choices: TranslateChoices;
  onChange: (next: TranslateChoices) => void;
}

const toggled = <T,>(list: T[], value: T, on: boolean) =>
  on ? [...list, value] : list.filter((entry) => entry !== value);

/** One checkbox per output, with the options that belong to it under it. */
export function OutputOptions({ available, existing, choices, onChange }: Props) {
  const set = (patch: Partial<TranslateChoices>) => onChange({ ...choices, ...patch });
  return (
    <fieldset className="space-y-2">
      <legend className="mb-1 text-sm font-medium">Outputs</legend>
      {available.map((type) => (
        <div key={type} className="space-y-1">
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className={CHECK}
              checked={choices.outputs.includes(type)}
              onChange={(event) => set({ outputs: toggled(choices.outputs, type, event.target.checked) })}
            />
            {OUTPUT_LABELS[type]}
            {existing.includes(type) && <span className="text-xs text-neutral-500">(exists)</span>}
          </label>
          {type === 'svf2' && choices.outputs.includes('svf2') && (
            <fieldset className={SUB}>
              <legend className="sr-only">Views</legend>
              {(['3d', '2d'] as ViewKind[]).map((view) => (
                <label key={view} className="flex items-center gap-1">
                  <input
                    type="checkbox"
                    className={CHECK}
                    checked={choices.views.includes(view)}
                    onChange={(event) => set({ views: toggled(choices.views, view, event.target.checked) })}
                  />
                  {view.toUpperCase()} view
                </label>
              ))}
            </fieldset>
          )}
          {type === 'stl' && choices.outputs.includes('stl') && (
            <fieldset className={SUB}>
              <legend className="sr-only">STL format</legend>
              {(['binary', 'ascii'] as StlFormat[]).map((format) => (
                <label key={format} className="flex items-center gap-1">
                  <input
                    type="radio"
                    name="stl-format"
                    checked={choices.stlFormat === format}
                    onChange={() => set({ stlFormat: format })}
                  />
                  {format === 'binary' ? 'Binary STL' : 'ASCII STL'}
                </label>
              ))}
            </fieldset>
          )}
          {type === 'thumbnail' && choices.outputs.includes('thumbnail') && (
            <label className={SUB}>
              Thumbnail size
              <select
                value={choices.thumbnailSize}
                onChange={(event) => set({ thumbnailSize: Number(event.target.value) as ThumbnailSize })}
                className="rounded border border-neutral-300 bg-white px-1 dark:border-neutral-700 dark:bg-neutral-900"
              >
                {[100, 200, 400].map((size) => (
                  <option key={size} value={size}>{`${size} px`}</option>
                ))}
              </select>
            </label>
          )}
        </div>
      ))}
    </fieldset>
  );
}
