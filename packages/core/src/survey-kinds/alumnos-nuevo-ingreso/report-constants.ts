/** New intake's report constants, without zod (./report-contract.ts re-exports them with its schemas): the report screen loads no schema library. */
export const INSTITUTE_OPINION_ENDPOINT = '/reports/new-intake/institutes';
