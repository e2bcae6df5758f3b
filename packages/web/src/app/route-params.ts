import { data, type LoaderFunctionArgs } from 'react-router';
import { malformedRouteParam } from '@encuestas/core/spa-routes';

/** The error page's explanation for an id that cannot be one (/admin/actives-campus/abc). */
export const MALFORMED_ADDRESS_EXPLANATION = 'La dirección no es válida: revisa el enlace o vuelve a la página de inicio.';

/**
 * The root's loader: a route parameter breaking its rule (core/spa-routes.ts)
 * shows the error page with 404, as the server answers for that address,
 * never the page unfiltered.
 */
export function rejectMalformedParams({ params }: Pick<LoaderFunctionArgs, 'params'>): null {
  if (malformedRouteParam(params) !== null) {
    throw data({ explanation: MALFORMED_ADDRESS_EXPLANATION }, { status: 404, statusText: 'Not Found' });
  }
  return null;
}
