/** «Mis resultados» (a teacher's terms) and one term's results. */
export const MY_RESULTS_PATH = '/mis-resultados';
export const myTermResultsPath = (activeId: number) => `${MY_RESULTS_PATH}/${activeId}`;
