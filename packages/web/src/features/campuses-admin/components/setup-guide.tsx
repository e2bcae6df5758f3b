import { lazy, Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';
import { PERMISSIONS, hasPermission } from '@encuestas/core/permissions';
import { fetchActivesPage, periodsCyclesKeys } from '../../periods-cycles';
import { campusesAdminKeys, fetchManagedCampuses } from '../api/campuses-admin-api';
import { setupGuideShown } from '../logic/setup';

// Its forms (text fields, the campus schemas) load only when the guide shows.
const SetupSteps = lazy(async () => ({ default: (await import('./setup-steps')).SetupSteps }));

/**
 * Until the platform has a campus and its first application, the start page
 * walks the administrator through set-up: names and campuses right here, then
 * the screens for the rest. Gone once an application exists (the campus
 * screen keeps everything).
 */
export function SetupGuide({ permissions }: { permissions: readonly string[] }) {
  const campuses = useQuery({ queryKey: campusesAdminKeys.managed, queryFn: ({ signal }) => fetchManagedCampuses(signal) });
  const seesApplications = hasPermission(permissions, PERMISSIONS.viewActives);
  const firstPage = { page: 1, perPage: 1 };
  const applications = useQuery({
    queryKey: periodsCyclesKeys.activesPage(firstPage),
    queryFn: ({ signal }) => fetchActivesPage(firstPage, signal),
    enabled: seesApplications,
  });
  if (!campuses.data || (seesApplications && !applications.data)) return null;
  if (!setupGuideShown({ campuses: campuses.data.length, applications: applications.data?.total_actives })) return null;
  return (
    <Suspense fallback={null}>
      <SetupSteps permissions={permissions} campuses={campuses.data} />
    </Suspense>
  );
}
