import { createHash } from 'node:crypto';

const GUID_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_$';

/** An IFC GlobalId (22 characters of IFC's base-64) derived from a name, so a file is the same each time. */
export function ifcGuid(seed: string): string {
  const bytes = createHash('sha1').update(seed).digest();
  let out = GUID_CHARS[bytes[0]! % 4]!; // the first character carries only 2 bits
  for (let i = 1; i < 22; i++) out += GUID_CHARS[bytes[i % bytes.length]! % 64];
  return out;
}

/** A STEP REAL: always with a decimal point, never an exponent. */
export function real(value: number): string {
  const text = Number(value.toFixed(6)).toString();
  return text.includes('.') ? text : `${text}.`;
}

export const str = (value: string): string => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
export const ref = (id: number): string => `#${id}`;
export const list = (items: readonly string[]): string => `(${items.join(',')})`;

/** Writes the DATA section of a STEP physical file, numbering entities as they are added. */
export class StepWriter {
  private readonly lines: string[] = [];
  private next = 1;

  /** `spaced`: `#1= IFCWALL(…)`, the way Revit and ARCHICAD write their instances. */
  constructor(private readonly options: { spaced?: boolean } = {}) {}

  add(entity: string, ...args: string[]): number {
    const id = this.next++;
    this.lines.push(`#${id}=${this.options.spaced ? ' ' : ''}${entity}(${args.join(',')});`);
    return id;
  }

  file(name: string, schema: string, timestamp: string): string {
    return [
      'ISO-10303-21;',
      'HEADER;',
      "FILE_DESCRIPTION(('ViewDefinition [ReferenceView_V1.2]'),'2;1');",
      `FILE_NAME(${str(name)},${str(timestamp)},('Design Data Manager'),('Design Data Manager'),'Design Data Manager demo','Design Data Manager','');`,
      `FILE_SCHEMA(('${schema}'));`,
      'ENDSEC;',
      'DATA;',
      ...this.lines,
      'ENDSEC;',
      'END-ISO-10303-21;',
      '',
    ].join('\n');
  }
}
