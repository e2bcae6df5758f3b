import { z } from 'zod';
import { textSchema } from '../validation';

export const MIN_PASSWORD_LENGTH = 8;
/** How long an e-mailed password reset link works. */
export const RESET_TOKEN_LIFETIME_MINUTES = 60;

const email = z
  .string({ error: 'Escribe tu correo electrónico' })
  .trim()
  .min(1, 'Escribe tu correo electrónico')
  .max(255, 'El correo no puede tener más de 255 caracteres')
  .pipe(z.email('Escribe un correo electrónico válido'))
  .transform((value) => value.toLowerCase());

export const loginRequestSchema = z.object({
  email,
  password: z.string({ error: 'Escribe tu contraseña' }).min(1, 'Escribe tu contraseña').max(200),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const sendResetEmailRequestSchema = z.object({ email });
export type SendResetEmailRequest = z.infer<typeof sendResetEmailRequestSchema>;

export const newPasswordSchema = z
  .string({ error: 'Escribe la nueva contraseña' })
  .min(MIN_PASSWORD_LENGTH, `La contraseña debe tener al menos ${MIN_PASSWORD_LENGTH} caracteres`)
  .max(200, 'La contraseña no puede tener más de 200 caracteres');

export const resetForgotPasswordRequestSchema = z
  .object({
    token: textSchema({ error: 'Falta el código del enlace' }).min(1, 'Falta el código del enlace').max(200),
    email,
    password: newPasswordSchema,
    password_confirmation: z.string({ error: 'Confirma la contraseña' }),
  })
  .refine((data) => data.password === data.password_confirmation, {
    path: ['password_confirmation'],
    message: 'Las contraseñas no coinciden',
  });
export type ResetForgotPasswordRequest = z.infer<typeof resetForgotPasswordRequestSchema>;

/** A back-office user as the API shows it (spec §3, User). */
export const adminUserSchema = z.object({
  id: z.number(),
  name: z.string(),
  last_name: z.string(),
  maternal_sur_name: z.string(),
  full_name: z.string(),
  email: z.string(),
  avalible: z.boolean(),
  /** ISO instant. */
  created_at: z.string(),
  permissions: z.array(z.string()),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** POST /admin/login. */
export const loginResponseSchema = z.object({ user: adminUserSchema, token: z.string() });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** GET /admin/me, POST /users, PUT /users/{id} and /users/{id}/avalible. */
export const adminUserAnswerSchema = z.object({ user: adminUserSchema });
export type AdminUserAnswer = z.infer<typeof adminUserAnswerSchema>;
