/**
 * A whole number as the site writes it: thousands grouped with commas ("1,024"), as `toLocaleString('en-GB')` writes
 * it, without loading a locale's data (the first Intl formatter of a page is a long task on a phone).
 */
export const formatCount = (n: number) => {
  const digits = String(Math.abs(Math.trunc(n)));
  return `${n < 0 && digits !== '0' ? '-' : ''}${digits.replace(/\B(?=(\d{3})+$)/g, ',')}`;
};

/** "1 team", "0 teams", "1,024 entries": the count with the noun in the number it needs. */
export const countOf = (n: number, one: string, many = `${one}s`) => `${formatCount(n)} ${n === 1 ? one : many}`;
