let regionNames: Intl.DisplayNames | undefined;

/** A country of origin by its name and ISO code, e.g. 'China (CN)'; the code alone when it names no country, '' when there is none. */
export function formatCountry(code: string): string {
  if (!/^[A-Z]{2}$/.test(code)) return code;
  // Built on first use, as the formatters in format.ts are: the region names are the locale's data.
  regionNames ??= new Intl.DisplayNames(['en'], { type: 'region' });
  const name = regionNames.of(code);
  return name && name !== code ? `${name} (${code})` : code;
}
