/**
 * The public and respondent routes of spec §2, all lazy: this file is in the
 * main bundle, the pages are not. The router spreads respondentRoutes among
 * the root's children.
 */
import type { ComponentType } from 'react';
import { redirect, useLocation, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import type { FetchQueryOptions } from '@tanstack/react-query';
import { getStudentToken } from '../api/session-storage';
import { BASE_PATH } from './app-config';
import { appQueryClient } from './query-client';
import { LoadingScreen } from '../components/loading-screen';
import {
  availabilityQuery,
  commentCategoriesQuery,
  serverCatalogsQuery,
  suggestionBoxAvailableQuery,
  suggestionCategoriesQuery,
  type AnswerableKind,
} from '../features/surveys';
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

/**
 * A signed-in page's loader: starts the page's requests with the navigation,
 * beside its code, instead of once that code has run and rendered (on a phone
 * that is a round trip and a render sooner, and a form's catalogues no longer
 * wait for its availability). Not awaited: the page shows its own loading and
 * error states, as when it fetches by itself.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- queries of different data types
function prefetching(...queries: FetchQueryOptions<any, any, any, any>[]) {
  return () => {
    if (getStudentToken()) for (const query of queries) void appQueryClient.prefetchQuery(query);
    return null;
  };
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
        loader: prefetching(availabilityQuery),
        ...lazyComponent(async () => {
          const { SurveyIndexPage } = await import('../features/surveys/components/survey-index-page');
          return function KindIndexPage() {
            return <SurveyIndexPage kind={kind} />;
          };
        }),
      },
      {
        path: form,
        loader: prefetching(availabilityQuery, serverCatalogsQuery),
        ...lazyComponent(async () => {
          const { SurveyFormPage } = await import('../features/surveys/components/survey-form-page');
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
    ...lazyComponent(async () => (await import('../features/student-auth/components/student-login-page')).StudentLoginPage),
  },
  {
    path: 'login/validar',
    loader: redirectSignedInRespondent,
    ...lazyComponent(async () => (await import('../features/student-auth/components/student-validate-code-page')).StudentValidateCodePage),
  },
  {
    // No redirect for someone signed in: the link signs in whoever it was e-mailed to.
    path: 'login/enlace',
    ...lazyComponent(async () => (await import('../features/student-auth/components/student-sign-in-link-page')).StudentSignInLinkPage),
  },
  {
    path: 'aviso-de-privacidad',
    ...lazyComponent(async () => (await import('../features/student-auth/components/privacy-notice-page')).PrivacyNoticePage),
  },
  {
    id: 'respondent',
    loader: requireRespondentSession,
    HydrateFallback: LoadingScreen,
    children: [
      {
        path: 'evaluated-list',
        loader: prefetching(availabilityQuery, suggestionBoxAvailableQuery),
        ...lazyComponent(async () => (await import('../features/surveys/components/evaluated-list-page')).EvaluatedListPage),
      },
      {
        path: 'buzon',
        loader: prefetching(suggestionBoxAvailableQuery, commentCategoriesQuery, suggestionCategoriesQuery),
        ...lazyComponent(async () => (await import('../features/suggestion-box/components/suggestion-box-page')).SuggestionBoxPage),
      },
      {
        // One route for the list and a term (?id=): each route costs every page a few bytes of the entry.
        path: 'mis-resultados',
        ...lazyComponent(async () => (await import('../features/teacher-results/components/results-pages')).ResultsPages),
      },
      {
        // NOM-035 7.8: the results a worker's campus published (?id= the application).
        path: 'resultados-nom035',
        ...lazyComponent(async () => (await import('../features/nom035-results/components/staff-results-page')).Nom035ResultsPage),
      },
      ...SURVEY_KINDS.filter((kind) => kind.list !== null).map((kind) => surveyRoutes(kind.id as AnswerableKind, kind.formPath === 'index' ? ':index' : 'doing')),
    ],
  },
];
