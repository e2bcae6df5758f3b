import { isRouteErrorResponse } from 'react-router';
import { isChunkLoadError } from '../app/preload-error';

export const STATUS_TEXTS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  500: 'Internal Server Error',
};

const SPANISH_EXPLANATIONS: Record<number, string> = {
  400: 'La solicitud no es válida.',
  401: 'Necesitas iniciar sesión para ver esta página.',
  403: 'No tienes permiso para ver esta página.',
  404: 'La página que buscas no existe o cambió de dirección.',
  405: 'Esta acción no está permitida en esta página.',
};

export interface DescribedRouteError {
  status?: number;
  /** The line under the heading: `404 Not Found`, or the error's message (spec §8). */
  summary: string;
  /** A short explanation in Spanish for the user. */
  explanation: string;
}

/** An explanation the thrower gave (`data({ explanation }, { status })`). */
function givenExplanation(payload: unknown): string | undefined {
  const explanation = (payload as { explanation?: unknown } | null)?.explanation;
  return typeof explanation === 'string' ? explanation : undefined;
}

/** What the error page shows for whatever the router caught. */
export function describeRouteError(error: unknown): DescribedRouteError {
  if (isRouteErrorResponse(error)) {
    const text = error.statusText || STATUS_TEXTS[error.status] || '';
    return {
      status: error.status,
      summary: `${error.status} ${text}`.trim(),
      explanation: givenExplanation(error.data) ?? SPANISH_EXPLANATIONS[error.status] ?? 'Ocurrió un error inesperado.',
    };
  }
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  if (isChunkLoadError(error)) {
    return {
      summary: message,
      explanation: 'Se publicó una versión nueva de la plataforma. Recarga la página para continuar.',
    };
  }
  return {
    summary: message || 'Error desconocido',
    explanation: 'Ocurrió un error inesperado. Recarga la página o vuelve a intentarlo más tarde.',
  };
}
