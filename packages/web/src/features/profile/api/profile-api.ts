import type { ChangeOwnPasswordRequest } from '@encuestas/core/api/users';
import { apiRequest } from '../../../api/client';

/** PUT /admin/password: answers { message: 'Contraseña actualizada correctamente' }. */
export function changeOwnPassword(request: ChangeOwnPasswordRequest): Promise<{ message: string }> {
  return apiRequest<{ message: string }>('/admin/password', { method: 'PUT', body: request });
}
