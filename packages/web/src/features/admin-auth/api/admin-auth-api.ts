import type {
  AdminUser,
  AdminUserAnswer,
  LoginRequest,
  LoginResponse,
  ResetForgotPasswordRequest,
  SendResetEmailRequest,
} from '@encuestas/core/api/auth';
import type { MessageAnswer } from '@encuestas/core/api/common';
import { apiRequest } from '../../../api/client';

/** POST /admin/login. A 401 here is a wrong password, so it never leaves the page. */
export function loginAdmin(credentials: LoginRequest): Promise<LoginResponse> {
  return apiRequest<LoginResponse>('/admin/login', {
    method: 'POST',
    body: credentials,
    auth: 'none',
    redirectOnUnauthorized: false,
  });
}

/** POST /admin/logout. The caller clears the session whatever the answer. */
export function logoutAdmin(): Promise<MessageAnswer> {
  return apiRequest<MessageAnswer>('/admin/logout', { method: 'POST', redirectOnUnauthorized: false });
}

/** GET /admin/me: the signed-in user with a fresh permission list; `token` checks one not yet stored. */
export async function fetchAdminMe(signal?: AbortSignal, token?: string): Promise<AdminUser> {
  const { user } = await apiRequest<AdminUserAnswer>('/admin/me', { signal, ...(token ? { token, redirectOnUnauthorized: false } : {}) });
  return user;
}

/** POST /admin/send-reset-email: answers 200 for any valid address. */
export function sendResetEmail(request: SendResetEmailRequest): Promise<MessageAnswer> {
  return apiRequest<MessageAnswer>('/admin/send-reset-email', { method: 'POST', body: request, auth: 'none' });
}

/** POST /admin/reset-forgot-password with the token and e-mail from the link. */
export function resetForgotPassword(request: ResetForgotPasswordRequest): Promise<MessageAnswer> {
  return apiRequest<MessageAnswer>('/admin/reset-forgot-password', {
    method: 'POST',
    body: request,
    auth: 'none',
    redirectOnUnauthorized: false,
  });
}
