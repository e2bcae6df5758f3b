/** The NOM-035 results a campus published to its staff (7.8): ?id= the application. */
export const NOM035_RESULTS_PATH = '/resultados-nom035';
export const nom035ResultsPath = (activeId: number) => `${NOM035_RESULTS_PATH}?id=${activeId}`;

/** The application id of the page's address, or null when missing or malformed. */
export function resultsIdOf(search: string): number | null {
  const id = new URLSearchParams(search).get('id');
  return id && /^[1-9]\d{0,9}$/.test(id) ? Number(id) : null;
}
