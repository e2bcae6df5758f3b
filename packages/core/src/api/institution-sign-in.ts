/**
 * Sign-in with the institution's identity provider (OpenID Connect): the two
 * audiences that may use it, and the failures the server sends back to the
 * login page as `?acceso=<code>`, with their Spanish texts (server and web share them).
 */
export const SIGN_IN_AUDIENCES = ['admins', 'respondents'] as const;
export type SignInAudience = (typeof SIGN_IN_AUDIENCES)[number];

export const DEFAULT_INSTITUTION_SIGN_IN_LABEL = 'Entrar con la cuenta de la institución';

/** Where the login pages start the round trip (under the API prefix). */
export const INSTITUTION_SIGN_IN_START_PATH = '/auth/institution/start';
export const INSTITUTION_SIGN_IN_CALLBACK_PATH = '/auth/institution/callback';
/** The query parameter a failed round trip adds to the login page. */
export const INSTITUTION_SIGN_IN_ERROR_PARAM = 'acceso';

export const INSTITUTION_SIGN_IN_ERRORS = {
  'unknown-account':
    'Tu cuenta de la institución no está registrada en la plataforma. Si crees que es un error, acude a Servicios Escolares o al administrador de la plataforma.',
  disabled: 'Tu cuenta está deshabilitada. Comunícate con el administrador de la plataforma.',
  'outside-domains': 'Esa cuenta no es de la institución. Entra con tu correo institucional.',
  'unverified-email': 'Tu proveedor de identidad no confirmó tu correo, así que no podemos identificarte. Acude al área de sistemas de la institución.',
  expired: 'El inicio de sesión tardó demasiado o ya se usó. Inténtalo de nuevo.',
  'not-offered': 'El acceso con la cuenta de la institución no está disponible aquí.',
  provider:
    'No pudimos completar el inicio de sesión con la cuenta de la institución. Inténtalo de nuevo; si el problema continúa, avisa al área de sistemas.',
  cancelled: 'Cancelaste el inicio de sesión con la cuenta de la institución.',
} as const;
export type InstitutionSignInError = keyof typeof INSTITUTION_SIGN_IN_ERRORS;

/** The text of a failure code from the address bar; null when the code is not one of ours. */
export function institutionSignInErrorMessage(code: string | null): string | null {
  return code !== null && Object.hasOwn(INSTITUTION_SIGN_IN_ERRORS, code)
    ? INSTITUTION_SIGN_IN_ERRORS[code as InstitutionSignInError]
    : null;
}

/** Texts of the fallbacks an institution turned off (OIDC_ONLY). */
export const PASSWORD_LOGIN_OFF_MESSAGE = 'El acceso con contraseña está desactivado. Entra con la cuenta de la institución.';
export const CODE_LOGIN_OFF_MESSAGE = 'El acceso con código por correo está desactivado. Entra con la cuenta de la institución.';
