/** Paths inside the SPA (relative to the /encuestas basename), spec §2. */
export const PATHS = {
  landing: '/',
  studentLogin: '/login',
  adminLogin: '/admin-login',
  adminResetPassword: '/admin-reset-password',
  adminEmailSendSuccess: '/admin-email-send-success',
  adminNewPassword: '/admin-new-password',
  adminNewPasswordSuccess: '/admin-new-password-success',
  admin: '/admin',
  adminPeriods: '/admin/periodosCiclos',
  adminProfile: '/admin/porfile',
  adminResults: '/admin/resultados',
  adminUsers: '/admin/users',
} as const;

/** The missing-respondents screen's route under /admin (features/missing/paths.ts builds its links). */
export const MISSING_ROUTE = 'pendientes/:audience/:cicleId';
/** The same screen over every survey type of the period at once. */
export const MISSING_ALL_TYPES_ROUTE = 'pendientes/:audience';
