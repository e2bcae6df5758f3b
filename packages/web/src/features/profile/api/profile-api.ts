import type { MessageAnswer } from '@encuestas/core/api/common';
import type { ChangeOwnPasswordRequest } from '@encuestas/core/api/users';
import { apiRequest } from '../../../api/client';

/** PUT /admin/password: answers { message: 'Contraseña actualizada correctamente' }. */
export function changeOwnPassword(request: ChangeOwnPasswordRequest): Promise<MessageAnswer> {
  return apiRequest<MessageAnswer>('/admin/password', { method: 'PUT', body: request });
}
