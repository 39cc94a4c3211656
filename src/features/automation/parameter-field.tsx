import { useId, useState, type ReactNode } from 'react';
import type { DaParameter } from '../../../contracts/design-automation';
import { defaultFileName, expectedExtension, roleOf, type Choice } from './argument-builder';
import { BucketPicker } from './bucket-picker';
import type { PickedFolder } from './picker-types';
import { ProjectPicker, SELECT } from './project-picker';

type Source = 'project' | 'bucket';

export interface ParameterFieldProps {
  name: string;
  parameter: DaParameter;
  choice: Choice;
  problem?: string;
  onChange: (choice: Choice) => void;
  /** An input picked from a folder offers that folder to the outputs. */
  onFolderSeen?: (folder: PickedFolder) => void;
}

function Summary({ choice }: { choice: Choice }) {
  const text =
    choice.kind === 'version'
      ? `${choice.name} (latest version)`
      : choice.kind === 'object'
        ? `${choice.bucketKey}/${choice.objectKey}`
        : choice.kind === 'folder'
          ? `${choice.folderName}/${choice.fileName}`
          : choice.kind === 'bucket'
            ? `${choice.bucketKey}/${choice.objectKey}`
            : null;
  return text ? (
    <p className="text-xs text-neutral-700 dark:text-neutral-200">
      Chosen: <span className="font-mono">{text}</span>
    </p>
  ) : null;
}

/** One parameter of the run form: a file to read, a value, or a place to write, as its verb says. */
export function ParameterField({ name, parameter, choice, problem, onChange, onFolderSeen }: ParameterFieldProps) {
  const id = useId();
  const role = roleOf(parameter);
  const heading = (
    <legend className="text-sm font-medium">
      <span className="font-mono">{name}</span>{' '}
      <span className="text-xs font-normal text-neutral-500 dark:text-neutral-400">
        {role === 'output' ? 'output' : role === 'value' ? 'value' : 'input'}
        {parameter.required ? ', required' : ''}
      </span>
    </legend>
  );
  const describe = parameter.description ? (
    <p className="text-xs text-neutral-600 dark:text-neutral-400">{parameter.description}</p>
  ) : null;
  const error = problem ? (
    <p id={`${id}-problem`} className="text-xs text-red-700 dark:text-red-300">
      {problem}
    </p>
  ) : null;
  if (role === 'value') {
    return (
      <fieldset aria-label={`Argument ${name}`} className="space-y-1">
        {heading}
        {describe}
        <label htmlFor={`${id}-value`} className="sr-only">
          Value of {name}
        </label>
        <textarea
          id={`${id}-value`}
          rows={3}
          className="w-full rounded-md border border-neutral-300 bg-white p-2 font-mono text-xs dark:border-neutral-700 dark:bg-neutral-950"
          value={choice.kind === 'value' ? choice.value : ''}
          onChange={(event) =>
            onChange(event.target.value ? { kind: 'value', value: event.target.value } : { kind: 'none' })
          }
          aria-describedby={problem ? `${id}-problem` : undefined}
        />
        {error}
      </fieldset>
    );
  }
  return (
    <FileField
      id={id}
      name={name}
      parameter={parameter}
      role={role}
      choice={choice}
      onChange={onChange}
      onFolderSeen={onFolderSeen}
      heading={heading}
      describe={describe}
      error={error}
    />
  );
}

interface FileFieldProps extends Omit<ParameterFieldProps, 'problem'> {
  id: string;
  role: 'input' | 'output';
  heading: ReactNode;
  describe: ReactNode;
  error: ReactNode;
}

function FileField({
  id,
  name,
  parameter,
  role,
  choice,
  onChange,
  onFolderSeen,
  heading,
  describe,
  error,
}: FileFieldProps) {
  const [source, setSource] = useState<Source>(
    choice.kind === 'object' || choice.kind === 'bucket' ? 'bucket' : 'project',
  );
  const fileName = choice.kind === 'folder' ? choice.fileName : defaultFileName(name, parameter);
  return (
    <fieldset aria-label={`Argument ${name}`} className="space-y-1.5">
      {heading}
      {describe}
      <label htmlFor={`${id}-source`} className="sr-only">
        {role === 'output' ? `Destination of ${name}` : `Source of ${name}`}
      </label>
      <select
        id={`${id}-source`}
        className={SELECT}
        value={source}
        onChange={(event) => {
          const next = event.target.value as Source;
          setSource(next);
          onChange(
            next === 'bucket' && role === 'output'
              ? { kind: 'bucket', bucketKey: '', objectKey: fileName }
              : { kind: 'none' },
          );
        }}
      >
        <option value="project">{role === 'output' ? 'A project folder' : 'A project file'}</option>
        <option value="bucket">{role === 'output' ? 'A bucket' : 'A bucket object'}</option>
      </select>
      <Summary choice={choice} />
      {source === 'project' && role === 'input' && (
        <ProjectPicker
          mode="file"
          label={name}
          accept={expectedExtension(parameter)}
          onPick={(version, folder) => {
            onChange(version);
            onFolderSeen?.(folder);
          }}
        />
      )}
      {source === 'project' && role === 'output' && (
        <>
          <ProjectPicker
            mode="folder"
            label={name}
            onPick={(folder) => onChange({ kind: 'folder', ...folder, fileName })}
          />
          {choice.kind === 'folder' && (
            <div className="flex items-center gap-2">
              <label htmlFor={`${id}-file`} className="text-xs">
                File name for {name}
              </label>
              <input
                id={`${id}-file`}
                className={`${SELECT} font-mono`}
                value={choice.fileName}
                onChange={(event) => onChange({ ...choice, fileName: event.target.value })}
              />
            </div>
          )}
        </>
      )}
      {source === 'bucket' && (
        <BucketPicker
          mode={role === 'output' ? 'destination' : 'object'}
          label={name}
          value={choice.kind === 'object' || choice.kind === 'bucket' ? choice : { bucketKey: '', objectKey: '' }}
          onChange={(pick) => onChange(role === 'output' ? { kind: 'bucket', ...pick } : { kind: 'object', ...pick })}
        />
      )}
      {error}
    </fieldset>
  );
}
