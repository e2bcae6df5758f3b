/**
 * One error shape for every failure the API reports:
 * `{ error: { code, message, fields? } }` where `message` is Spanish and
 * `fields` maps a field name to its Spanish messages (422 only).
 */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  REQUEST_TIMEOUT: 408,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  URI_TOO_LONG: 414,
  UNSUPPORTED_MEDIA_TYPE: 415,
  VALIDATION_FAILED: 422,
  INVALID_RESET_TOKEN: 422,
  TOO_MANY_REQUESTS: 429,
  HEADERS_TOO_LARGE: 431,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const DEFAULT_ERROR_MESSAGES: Record<ErrorCode, string> = {
  BAD_REQUEST: 'La solicitud no es válida.',
  UNAUTHENTICATED: 'Tu sesión expiró o no has iniciado sesión.',
  INVALID_CREDENTIALS: 'Correo o contraseña incorrectos.',
  FORBIDDEN: 'No tienes permiso para realizar esta acción.',
  NOT_FOUND: 'No se encontró el recurso solicitado.',
  METHOD_NOT_ALLOWED: 'Método no permitido para esta ruta.',
  REQUEST_TIMEOUT: 'La solicitud tardó demasiado en llegar completa.',
  CONFLICT: 'La operación entra en conflicto con datos existentes.',
  PAYLOAD_TOO_LARGE: 'La solicitud es demasiado grande.',
  URI_TOO_LONG: 'La dirección de la solicitud es demasiado larga.',
  UNSUPPORTED_MEDIA_TYPE: 'Tipo de contenido no admitido: envía los datos como JSON (application/json).',
  VALIDATION_FAILED: 'Revisa los datos marcados.',
  INVALID_RESET_TOKEN: 'El enlace para restablecer la contraseña no es válido o ya expiró.',
  TOO_MANY_REQUESTS: 'Demasiados intentos. Espera unos minutos e inténtalo de nuevo.',
  HEADERS_TOO_LARGE: 'Los encabezados de la solicitud son demasiado grandes.',
  INTERNAL: 'Ocurrió un error inesperado. Inténtalo de nuevo más tarde.',
  SERVICE_UNAVAILABLE: 'El servicio no está disponible en este momento. Inténtalo de nuevo en unos momentos.',
};

export interface ApiErrorBody {
  error: {
    code: ErrorCode;
    message: string;
    fields?: Record<string, string[]>;
  };
}

export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    'error' in value &&
    typeof (value as ApiErrorBody).error?.code === 'string'
  );
}
