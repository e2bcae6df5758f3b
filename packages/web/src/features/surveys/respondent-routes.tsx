/**
 * The public and respondent routes of spec §2, all lazy: this file is in the
 * main bundle, the pages are not. The router spreads respondentRoutes among
 * the root's children.
 */
import type { ComponentType } from 'react';
import { redirect, useLocation, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { getStudentToken } from '../../api/session-storage';
import { BASE_PATH } from '../../app/app-config';
import { LoadingScreen } from '../../components/loading-screen';
import type { AnswerableKind } from './survey-paths';
import { SURVEY_KINDS } from '@encuestas/core/survey-kinds';

function lazyComponent(load: () => Promise<ComponentType>): Pick<RouteObject, 'lazy' | 'HydrateFallback'> {
  return {
    lazy: async () => ({ Component: await load() }),
    HydrateFallback: LoadingScreen,
  };
}

/** Survey pages and the list need a respondent token; without one, the login, coming back here after. */
export function requireRespondentSession({ request }: LoaderFunctionArgs) {
  if (getStudentToken()) return null;
  const url = new URL(request.url);
  const path = url.pathname.startsWith(BASE_PATH) ? url.pathname.slice(BASE_PATH.length) || '/' : url.pathname;
  return redirect(`/login?next=${encodeURIComponent(path + url.search)}`);
}

/** The login steps skip themselves for someone already signed in. */
function redirectSignedInRespondent() {
  return getStudentToken() ? redirect('/evaluated-list') : null;
}

/** A kind's index page and its form: 'doing', or '{index}' (teacher evaluation, new intake). */
function surveyRoutes(kind: AnswerableKind, form: 'doing' | ':index'): RouteObject {
  return {
    path: kind,
    children: [
      {
        index: true,
        ...lazyComponent(async () => {
          const { SurveyIndexPage } = await import('./components/survey-index-page');
          return function KindIndexPage() {
            return <SurveyIndexPage kind={kind} />;
          };
        }),
      },
      {
        path: form,
        ...lazyComponent(async () => {
          const { SurveyFormPage } = await import('./components/survey-form-page');
          return function KindFormPage() {
            // Another class or guide on the same route is a new page: fresh form, no confirmation left over.
            const location = useLocation();
            return <SurveyFormPage key={location.pathname + location.search} kind={kind} />;
          };
        }),
      },
    ],
  };
}

export const respondentRoutes: RouteObject[] = [
  {
    path: 'login',
    loader: redirectSignedInRespondent,
    ...lazyComponent(async () => (await import('../student-auth/components/student-login-page')).StudentLoginPage),
  },
  {
    path: 'login/validar',
    loader: redirectSignedInRespondent,
    ...lazyComponent(async () => (await import('../student-auth/components/student-validate-code-page')).StudentValidateCodePage),
  },
  {
    // No redirect for someone signed in: the link signs in whoever it was e-mailed to.
    path: 'login/enlace',
    ...lazyComponent(async () => (await import('../student-auth/components/student-sign-in-link-page')).StudentSignInLinkPage),
  },
  {
    path: 'aviso-de-privacidad',
    ...lazyComponent(async () => (await import('../student-auth/components/privacy-notice-page')).PrivacyNoticePage),
  },
  {
    id: 'respondent',
    loader: requireRespondentSession,
    HydrateFallback: LoadingScreen,
    children: [
      {
        path: 'evaluated-list',
        ...lazyComponent(async () => (await import('./components/evaluated-list-page')).EvaluatedListPage),
      },
      {
        path: 'buzon',
        ...lazyComponent(async () => (await import('../suggestion-box/components/suggestion-box-page')).SuggestionBoxPage),
      },
      ...SURVEY_KINDS.filter((kind) => kind.list !== null).map((kind) => surveyRoutes(kind.id as AnswerableKind, kind.formPath === 'index' ? ':index' : 'doing')),
    ],
  },
];
