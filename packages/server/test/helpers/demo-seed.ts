/** The API tests' demo (helpers/app.ts `demo: true`, seeded once per run in global-setup.ts): few students, for speed. No vitest import: global-setup uses it too. */
export const TEST_DEMO = { studentsPerCampus: 5 } as const;
