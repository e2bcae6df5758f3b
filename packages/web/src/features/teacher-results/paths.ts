/** «Mis resultados» (a teacher's terms) and one term's results (?id= an application of it). */
export const MY_RESULTS_PATH = '/mis-resultados';
export const myTermResultsPath = (activeId: number) => `${MY_RESULTS_PATH}?id=${activeId}`;

/** The application id of a term's address, or null for the list (a malformed id is the list too). */
export function termIdOf(search: string): number | null {
  const id = new URLSearchParams(search).get('id');
  return id && /^[1-9]\d{0,9}$/.test(id) ? Number(id) : null;
}
