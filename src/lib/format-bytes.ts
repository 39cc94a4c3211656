const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'];

// Building an Intl formatter costs far more than using one; a long list formats hundreds of sizes.
const formatters = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: string | undefined, digits: number | null): Intl.NumberFormat {
  const key = `${locale ?? ''}:${digits ?? ''}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(
      locale,
      digits === null ? {} : { maximumFractionDigits: digits, minimumFractionDigits: digits },
    );
    formatters.set(key, formatter);
  }
  return formatter;
}

/** "1.4 MB": decimal units as file managers show them, one decimal below 10. */
export function formatBytes(bytes: number, locale?: string): string {
  let value = bytes;
  let unit = 0;
  while (Math.abs(value) >= 1000 && unit < UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  const digits = unit === 0 || Math.abs(value) >= 10 ? 0 : 1;
  return `${numberFormat(locale, digits).format(value)} ${UNITS[unit]}`;
}

export function formatCount(count: number, locale?: string): string {
  return numberFormat(locale, null).format(count);
}
