/** A page's search parameter as one value: `?token=a&token=b` arrives as an array, the first counts. */
export function firstValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** Every search parameter as one value (the first of a repeated one), for a page's query schema. */
export function firstValues(params: Record<string, string | string[] | undefined>): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(params).map(([key, value]) => [key, firstValue(value)]));
}
