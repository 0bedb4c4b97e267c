/** A route parameter that must be a positive integer id; null otherwise (the page shows not found). */
export function parseId(value: string | undefined): number | null {
  return value && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;
}
