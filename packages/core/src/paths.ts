/** Where the platform is served (spec §2, §9): the SPA under BASE_PATH, the API under API_PREFIX. */
export const BASE_PATH = '/encuestas';
export const API_PREFIX = `${BASE_PATH}/api`;
