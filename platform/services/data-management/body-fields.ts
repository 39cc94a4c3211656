import { z } from 'zod';
import { isObject, nameProblem } from './requests';

const MAX_COMMENT = 1024;

/** A field's path as the error messages name it: `data.attributes.name`, `included[0].relationships…`. */
export const fieldPath = (path: readonly PropertyKey[]) =>
  path.map((key, index) => (typeof key === 'number' ? `[${key}]` : `${index ? '.' : ''}${String(key)}`)).join('');

const requiredMessage = (issue: { path?: PropertyKey[] }) =>
  `${fieldPath(issue.path ?? [])} is required and must be a string.`;

/** A non-empty string the request cannot do without; its message names the field by its path. */
export const requiredString = () => z.string({ error: requiredMessage }).min(1, { error: requiredMessage });

/**
 * An object on the way to a field. The service reads a value of another kind (or none) as empty,
 * so a required field below it is reported missing by its own path, not the object's.
 */
export const node = <Shape extends z.ZodRawShape>(shape: Shape) =>
  z.preprocess((value) => (isObject(value) ? value : {}), z.object(shape));

/** `relationships.<name>`: the related resource's `data.id`. */
export const relation = <Id extends z.ZodType>(id: Id) => node({ data: node({ id }) });

/** A field read only when it has its type; a value of another kind is ignored, as unknown fields are. */
const onlyIf = <Field extends z.ZodType>(kind: 'string' | 'boolean', field: Field) =>
  z.preprocess((value) => (typeof value === kind ? value : undefined), field.optional());

export const optionalString = onlyIf('string', z.string());
export const optionalBoolean = onlyIf('boolean', z.boolean());

/** `data.type` (and `data.id` for a change) as the route expects it; anything else is refused with `message`. */
export const exactly = <Value extends string>(value: Value, message: string) => z.literal(value, { error: message });

const trimmedName = (label: string) => (value: string, ctx: z.RefinementCtx<string>) => {
  const problem = nameProblem(value, label);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
  return problem ? z.NEVER : value.trim();
};

/** A name the service stores, trimmed; `label` is how its messages call it ("The folder name"). */
export const requiredName = (label: string) => requiredString().transform(trimmedName(label));
export const optionalName = (label: string) => onlyIf('string', z.string().transform(trimmedName(label)));

/** A version's comment in `attributes.extension.data.comment`, as the service reports it back; blank reads as none. */
export const comment = z
  .string({ error: 'attributes.extension.data.comment must be a string.' })
  .max(MAX_COMMENT, { error: `attributes.extension.data.comment must be at most ${MAX_COMMENT} characters.` })
  .nullish()
  .transform((value) => value?.trim() || null);
