import { DA_VERBS, type DaVerb } from '../../../contracts/design-automation';
import { Button } from '../../components/ui/button';
import { emptyParameter, type ParameterDraft } from './activity-draft';
import { SELECT } from './project-picker';

/** The activity's parameters as rows: name, verb, local name, zip, required, description. */
export function ParameterRows({
  parameters,
  onChange,
}: {
  parameters: ParameterDraft[];
  onChange: (parameters: ParameterDraft[]) => void;
}) {
  const set = (index: number, change: Partial<ParameterDraft>) =>
    onChange(parameters.map((parameter, at) => (at === index ? { ...parameter, ...change } : parameter)));
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium">Parameters</legend>
      {parameters.map((parameter, index) => (
        <div
          key={index}
          role="group"
          aria-label={`Parameter ${index + 1}`}
          className="flex flex-wrap items-center gap-2 rounded-md border border-neutral-200 p-2 dark:border-neutral-800"
        >
          <input
            aria-label={`Name of parameter ${index + 1}`}
            placeholder="name"
            className={`${SELECT} w-32 font-mono`}
            value={parameter.name}
            onChange={(event) => set(index, { name: event.target.value })}
          />
          <select
            aria-label={`Verb of parameter ${index + 1}`}
            className={SELECT}
            value={parameter.verb}
            onChange={(event) => set(index, { verb: event.target.value as DaVerb })}
          >
            {DA_VERBS.map((verb) => (
              <option key={verb} value={verb}>
                {verb}
              </option>
            ))}
          </select>
          <input
            aria-label={`Local name of parameter ${index + 1}`}
            placeholder="local name"
            className={`${SELECT} w-36 font-mono`}
            value={parameter.localName}
            onChange={(event) => set(index, { localName: event.target.value })}
          />
          <label className="flex items-center gap-1 text-xs">
            <input
              type="checkbox"
              checked={parameter.zip}
              onChange={(event) => set(index, { zip: event.target.checked })}
            />{' '}
            zip
          </label>
          <label className="flex items-center gap-1 text-xs">
            <input
              type="checkbox"
              checked={parameter.required}
              onChange={(event) => set(index, { required: event.target.checked })}
            />{' '}
            required
          </label>
          <input
            aria-label={`Description of parameter ${index + 1}`}
            placeholder="description"
            className={`${SELECT} min-w-40 flex-1`}
            value={parameter.description}
            onChange={(event) => set(index, { description: event.target.value })}
          />
          <Button size="sm" variant="ghost" onClick={() => onChange(parameters.filter((_, at) => at !== index))}>
            Remove<span className="sr-only"> parameter {index + 1}</span>
          </Button>
        </div>
      ))}
      <Button size="sm" variant="secondary" onClick={() => onChange([...parameters, emptyParameter()])}>
        Add a parameter
      </Button>
    </fieldset>
  );
}
