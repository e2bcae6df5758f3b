import { useQuery } from '@tanstack/react-query';
import type { Catalogs, Questionnaire } from '@encuestas/core/survey-engine/types';
import { mergeCatalogs, needsGeoCatalogs } from '../../../survey-runner/catalog-options';
import { serverCatalogsQuery } from '../respondent-queries';

/** INEGI states and municipios from core, loaded (about 60 KB) only by questionnaires that ask for them. */
async function loadGeoCatalogs(): Promise<Catalogs> {
  const { MX_GEO_CATALOGS } = await import('@encuestas/core/catalogs/mx-geo');
  return MX_GEO_CATALOGS;
}

/**
 * The catalogues a questionnaire renders and validates with: GET /catalogs
 * merged with core's INEGI lists when needed. Questionnaires without
 * catalogue questions still fetch the small server list, so validation
 * matches the server's.
 */
export function useSurveyCatalogs(questionnaire: Questionnaire | undefined) {
  const needsGeo = questionnaire ? needsGeoCatalogs(questionnaire) : false;
  const server = useQuery({ ...serverCatalogsQuery, enabled: Boolean(questionnaire) });
  const geo = useQuery({
    queryKey: ['catalogs', 'mx-geo'],
    queryFn: loadGeoCatalogs,
    staleTime: Infinity,
    enabled: needsGeo,
  });
  const ready = server.isSuccess && (!needsGeo || geo.isSuccess);
  return {
    catalogs: ready ? mergeCatalogs(server.data, needsGeo ? geo.data : undefined) : undefined,
    isLoading: server.isLoading || (needsGeo && geo.isLoading),
    error: server.error ?? geo.error,
    refetch: () => {
      void server.refetch();
      if (needsGeo) void geo.refetch();
    },
  };
}
