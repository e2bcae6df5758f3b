import { API_BASE_PATH, BASE_PATH } from '../app/app-config';
import { ApiError, NETWORK_ERROR_MESSAGE } from './api-error';
import { clearAllSessions, getAdminToken, getStudentToken } from './session-storage';

/** Which stored token goes in the Authorization header. */
export type ApiAuth = 'admin' | 'student' | 'none';

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  query?: Record<string, string | number | boolean | null | undefined>;
  /** Defaults to 'admin'. */
  auth?: ApiAuth;
  /**
   * Whether a 401 clears the session and leaves the page (spec §8). Only the
   * login call turns it off: there a 401 means a wrong password.
   */
  redirectOnUnauthorized?: boolean;
  signal?: AbortSignal;
  /** A token not yet stored (the institution sign-in's, checked before it is kept). */
  token?: string;
}

/**
 * Where a 401 sends the user (spec §8): the back-office login from any
 * address under /encuestas/admin, the respondent login from anywhere else.
 */
export function unauthorizedRedirectTarget(pathname: string): string {
  return pathname.includes(`${BASE_PATH}/admin`) ? `${BASE_PATH}/admin-login` : `${BASE_PATH}/login`;
}

/** Clears every stored session and leaves for the matching login page. */
export function handleUnauthorized(): void {
  clearAllSessions();
  if (typeof window === 'undefined') return;
  window.location.assign(unauthorizedRedirectTarget(window.location.pathname));
}

function tokenFor(auth: ApiAuth): string | null {
  if (auth === 'admin') return getAdminToken();
  if (auth === 'student') return getStudentToken();
  return null;
}

export function buildApiUrl(path: string, query?: ApiRequestOptions['query']): string {
  const url = `${API_BASE_PATH}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.append(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * The one way the web talks to the API: JSON in and out, bearer token from
 * session storage, failures thrown as ApiError with the server's Spanish message.
 * A 403 is thrown like any failure (the screen shows its message) and never
 * ends the session.
 */
export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const { method = 'GET', body, query, auth = 'admin', redirectOnUnauthorized = true, signal } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const token = options.token ?? tokenFor(auth);
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(buildApiUrl(path, query), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, 'NETWORK_ERROR', NETWORK_ERROR_MESSAGE);
  }

  const payload = await readBody(response);
  if (response.ok) return payload as T;
  if (response.status === 401 && redirectOnUnauthorized) handleUnauthorized();
  throw ApiError.fromResponse(response.status, payload);
}
