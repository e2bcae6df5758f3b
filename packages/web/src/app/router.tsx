import type { ComponentType } from 'react';
import { createBrowserRouter, data, redirect, type RouteObject } from 'react-router';
import { getAdminToken } from '../api/session-storage';
import { ErrorPage } from '../components/error-page';
import { LoadingScreen } from '../components/loading-screen';
import { respondentRoutes } from './respondent-routes';
import { BASE_PATH } from './app-config';
import { MISSING_ALL_TYPES_ROUTE, MISSING_ROUTE, PATHS } from './paths';
import { RootLayout } from './root-layout';
import { rejectMalformedParams } from './route-params';

/** A route whose page (and its code) loads on first visit. */
function lazyPage<M extends Record<K, ComponentType>, K extends keyof M>(
  load: () => Promise<M>,
  exportName: K,
): Pick<RouteObject, 'lazy' | 'HydrateFallback'> {
  return {
    lazy: async () => ({ Component: (await load())[exportName] }),
    HydrateFallback: LoadingScreen,
  };
}

/** Back-office pages need a token; without one, the login page. */
function requireAdminSession() {
  return getAdminToken() ? null : redirect(PATHS.adminLogin);
}

/** The login pages skip themselves for someone already signed in. */
function redirectSignedInAdmin() {
  return getAdminToken() ? redirect(PATHS.admin) : null;
}

/** Its pages are exactly core's SPA_ROUTES, which the server answers with 200 (router.test.ts). */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    errorElement: <ErrorPage />,
    // Checked on every navigation (cheap, no fetch): params change below the root.
    loader: rejectMalformedParams,
    shouldRevalidate: () => true,
    HydrateFallback: LoadingScreen,
    children: [
      // Respondents: login and its code step, privacy notice, list, surveys, suggestion box (light components, no MUI theme).
      ...respondentRoutes,
      {
        // The pages drawn with MUI, in its theme (mui-theme.tsx): loaded with their own code, never by a respondent's page.
        id: 'mui',
        ...lazyPage(() => import('./mui-theme'), 'MuiThemeLayout'),
        children: [
          { index: true, ...lazyPage(() => import('../features/landing/components/landing-page'), 'LandingPage') },
          {
            path: 'admin-login',
            loader: redirectSignedInAdmin,
            ...lazyPage(() => import('../features/admin-auth/components/admin-login-page'), 'AdminLoginPage'),
          },
          {
            path: 'admin-reset-password',
            ...lazyPage(
              () => import('../features/admin-auth/components/admin-reset-password-page'),
              'AdminResetPasswordPage',
            ),
          },
          {
            path: 'admin-email-send-success',
            ...lazyPage(
              () => import('../features/admin-auth/components/admin-email-send-success-page'),
              'AdminEmailSendSuccessPage',
            ),
          },
          {
            path: 'admin-new-password',
            ...lazyPage(() => import('../features/admin-auth/components/admin-new-password-page'), 'AdminNewPasswordPage'),
          },
          {
            path: 'admin-new-password-success',
            ...lazyPage(
              () => import('../features/admin-auth/components/admin-new-password-success-page'),
              'AdminNewPasswordSuccessPage',
            ),
          },
          {
            path: 'admin',
            loader: requireAdminSession,
            ...lazyPage(() => import('../features/admin/components/admin-layout'), 'AdminLayout'),
            children: [
              { index: true, ...lazyPage(() => import('../features/admin/components/admin-home-page'), 'AdminHomePage') },
              {
                path: 'periodosCiclos',
                ...lazyPage(() => import('../features/periods-cycles/components/periods-cycles-page'), 'PeriodsCyclesPage'),
              },
              { path: 'porfile', ...lazyPage(() => import('../features/profile/components/profile-page'), 'ProfilePage') },
              { path: 'resultados', ...lazyPage(() => import('../features/reports/components/results-page'), 'ResultsPage') },
              {
                path: 'actives-campus/:campusId',
                ...lazyPage(() => import('../features/periods-cycles/components/periods-cycles-page'), 'PeriodsCyclesPage'),
              },
              {
                path: 'users',
                ...lazyPage(() => import('../features/admin/components/admin-users-layout'), 'AdminUsersLayout'),
                children: [
                  { index: true, ...lazyPage(() => import('../features/users/components/users-list-page'), 'UsersListPage') },
                  {
                    path: 'permissions',
                    ...lazyPage(() => import('../features/users/components/permission-groups-page'), 'PermissionGroupsPage'),
                  },
                  { path: ':id', ...lazyPage(() => import('../features/users/components/user-detail-page'), 'UserDetailPage') },
                ],
              },
              {
                path: 'buzon',
                ...lazyPage(() => import('../features/suggestions-admin/components/suggestions-admin-page'), 'SuggestionsAdminPage'),
              },
              {
                path: 'directorio',
                ...lazyPage(() => import('../features/directory-import/components/directory-import-page'), 'DirectoryImportPage'),
              },
              {
                path: 'nom035',
                ...lazyPage(() => import('../features/nom035-referrals/components/nom035-referrals-page'), 'Nom035ReferralsPage'),
              },
              {
                path: 'nom035/expediente',
                ...lazyPage(() => import('../features/nom035-file/components/nom035-file-page'), 'Nom035FilePage'),
              },
              {
                path: 'alertas',
                ...lazyPage(() => import('../features/comment-alerts/components/comment-alerts-page'), 'CommentAlertsPage'),
              },
              {
                path: 'revision-comentarios',
                ...lazyPage(() => import('../features/comment-review/components/comment-review-page'), 'CommentReviewPage'),
              },
              {
                path: MISSING_ROUTE,
                ...lazyPage(() => import('../features/missing/components/missing-page'), 'MissingPage'),
              },
              {
                path: MISSING_ALL_TYPES_ROUTE,
                ...lazyPage(() => import('../features/missing/components/missing-page'), 'MissingPage'),
              },
              {
                path: 'campus',
                ...lazyPage(() => import('../features/campuses-admin/components/campuses-admin-page'), 'CampusesAdminPage'),
              },
              {
                path: 'bitacora',
                ...lazyPage(() => import('../features/audit-log/components/audit-log-page'), 'AuditLogPage'),
              },
              {
                // Report screens (and the chart library) load only here, never on respondent pages.
                path: 'report',
                children: [
                  {
                    path: 'campus/:campusId/cicle',
                    ...lazyPage(() => import('../features/reports/components/campus-cycles-page'), 'CampusCyclesPage'),
                  },
                  {
                    path: 'campus/:campusId/students',
                    ...lazyPage(() => import('../features/reports/components/report-pages'), 'CampusReportPage'),
                  },
                  { path: 'students', ...lazyPage(() => import('../features/reports/components/report-pages'), 'CycleReportPage') },
                  { path: 'daly', ...lazyPage(() => import('../features/reports/components/daily-report-page'), 'DailyReportPage') },
                ],
              },
            ],
          },
        ],
      },
      {
        // Anything else: the error page with '404 Not Found' (spec §2).
        path: '*',
        element: null,
        loader: () => {
          throw data(null, { status: 404, statusText: 'Not Found' });
        },
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes, { basename: BASE_PATH });
}
