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
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  VALIDATION_FAILED: 422,
  INVALID_RESET_TOKEN: 422,
  TOO_MANY_REQUESTS: 429,
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
  CONFLICT: 'La operación entra en conflicto con datos existentes.',
  PAYLOAD_TOO_LARGE: 'La solicitud es demasiado grande.',
  VALIDATION_FAILED: 'Revisa los datos marcados.',
  INVALID_RESET_TOKEN: 'El enlace para restablecer la contraseña no es válido o ya expiró.',
  TOO_MANY_REQUESTS: 'Demasiados intentos. Espera unos minutos e inténtalo de nuevo.',
  INTERNAL: 'Ocurrió un error inesperado. Inténtalo de nuevo más tarde.',
  SERVICE_UNAVAILABLE: 'El servicio no está disponible en este momento.',
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
