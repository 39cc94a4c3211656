/** Joins the truthy class names, so conditional Tailwind classes read as one expression. */
export function cx(...values: (string | false | null | undefined)[]): string {
  return values.filter(Boolean).join(' ');
}
