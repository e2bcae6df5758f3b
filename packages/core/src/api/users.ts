import { z } from 'zod';
import { ALL_PERMISSION_NAMES, type PermissionName } from '../permissions';
import { adminUserSchema, newPasswordSchema } from './auth';
import { pageQuerySchema } from './common';
import { idSchema, textSchema } from '../validation';

const requiredText = (message: string, max = 100) =>
  textSchema({ error: message }).trim().min(1, message).max(max, `Máximo ${max} caracteres`);

const optionalText = (max = 100) => textSchema().trim().max(max, `Máximo ${max} caracteres`).default('');

const userEmail = z
  .string({ error: 'Escribe el correo electrónico' })
  .trim()
  .min(1, 'Escribe el correo electrónico')
  .max(255, 'Máximo 255 caracteres')
  .pipe(z.email('Escribe un correo electrónico válido'))
  .transform((value) => value.toLowerCase());

export const listUsersQuerySchema = pageQuerySchema.extend({
  search: textSchema().trim().max(100).optional(),
  avalible: z.enum(['true', 'false']).optional(),
});
/** The query with its paging spelled out, as the web sends it. */
export type UsersPageQuery = z.output<typeof listUsersQuerySchema>;

const profileFields = {
  name: requiredText('Escribe el nombre'),
  last_name: optionalText(),
  maternal_sur_name: optionalText(),
  email: userEmail,
};

export const createUserSchema = z
  .object({ ...profileFields, password: newPasswordSchema, password_confirmation: z.string() })
  .refine((u) => u.password === u.password_confirmation, {
    path: ['password_confirmation'],
    message: 'Las contraseñas no coinciden',
  });
export type CreateUserRequest = z.input<typeof createUserSchema>;

export const updateUserSchema = z.object(profileFields);
export type UpdateUserRequest = z.input<typeof updateUserSchema>;

export const setAvailabilitySchema = z.object({ avalible: z.boolean({ error: 'Indica si el usuario está habilitado' }) });

const permissionNameSchema = z.enum(ALL_PERMISSION_NAMES as [PermissionName, ...PermissionName[]], {
  error: 'Permiso desconocido',
});

export const PLAN_MESSAGE = 'Escribe el plan de estudios';
export const PLAN_MAX = 20;

/**
 * A plan grant (a coordinator's plan of study at a campus, docs/permissions.md
 * "Coordinators"): at a campus where a user holds plans, the teacher reports
 * name only the teachers of those plans. `plan` is the directory's `plan` value.
 */
export const planGrantSchema = z.object({
  campusId: idSchema(),
  plan: textSchema({ error: PLAN_MESSAGE }).trim().min(1, PLAN_MESSAGE).max(PLAN_MAX, `El plan de estudios: máximo ${PLAN_MAX} caracteres`),
});
export type PlanGrant = z.infer<typeof planGrantSchema>;

/** One grant once, whatever the order or repetitions sent. */
const uniquePlanGrants = (grants: PlanGrant[]): PlanGrant[] => [...new Map(grants.map((g) => [`${g.campusId}\u0000${g.plan}`, g])).values()];

/**
 * PUT /users/{id}/access: everything a user may do and see, replaced at once.
 * `plans` omitted keeps the user's plan grants at the campuses they keep (an
 * older client never widens a coordinator by leaving the field out).
 */
export const setUserAccessSchema = z.object({
  permissions: z.array(permissionNameSchema).max(100).transform((v) => [...new Set(v)]),
  groups: z.array(idSchema()).max(100).transform((v) => [...new Set(v)]),
  campusIds: z.array(idSchema()).max(100).transform((v) => [...new Set(v)]),
  cicleIds: z.array(idSchema()).max(100).transform((v) => [...new Set(v)]),
  plans: z.array(planGrantSchema).max(500, 'Máximo 500 planes de estudio').transform(uniquePlanGrants).optional(),
});
export type SetUserAccessRequest = z.input<typeof setUserAccessSchema>;

export const changeOwnPasswordSchema = z
  .object({
    current_password: z.string({ error: 'Escribe tu contraseña actual' }).min(1, 'Escribe tu contraseña actual'),
    password: newPasswordSchema,
    password_confirmation: z.string(),
  })
  .refine((u) => u.password === u.password_confirmation, {
    path: ['password_confirmation'],
    message: 'Las contraseñas no coinciden',
  });
export type ChangeOwnPasswordRequest = z.input<typeof changeOwnPasswordSchema>;

export const permissionGroupSchema = z.object({
  name: requiredText('Escribe el nombre del grupo'),
  description: optionalText(255),
  permissions: z.array(permissionNameSchema).max(100).transform((v) => [...new Set(v)]),
});
export type PermissionGroupRequest = z.input<typeof permissionGroupSchema>;

export const permissionGroupRecordSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  permissions: z.array(z.string()),
  users_count: z.number(),
});
export type PermissionGroup = z.infer<typeof permissionGroupRecordSchema>;

/** POST and PUT /permissions-groups. */
export const permissionGroupAnswerSchema = z.object({ permissions_group: permissionGroupRecordSchema });
export type PermissionGroupAnswer = z.infer<typeof permissionGroupAnswerSchema>;

/** GET /permissions-groups, one page (`total_permisions_groups` is the spec's spelling). */
export const permissionGroupsPageSchema = z.object({
  permissions_groups: z.array(permissionGroupRecordSchema),
  total_permisions_groups: z.number(),
});
export type PermissionGroupsPage = z.infer<typeof permissionGroupsPageSchema>;

/** PUT /users/{id}/access: a user's direct access and the effective permissions. */
export const userAccessSchema = z.object({
  permissions: z.array(z.string()),
  direct_permissions: z.array(z.string()),
  groups: z.array(z.object({ id: z.number(), name: z.string() })),
  campuses: z.array(z.object({ id: z.number(), nombre: z.string() })),
  cicles: z.array(z.object({ id: z.number(), name: z.string() })),
  /** Plan grants, by campus id then plan: none means no plan limit at any campus. */
  plans: z.array(z.object({ campusId: z.number(), plan: z.string() })),
});
export type UserAccess = z.infer<typeof userAccessSchema>;

/** GET /users/{id}: the user with their direct access and the effective permissions. */
export const userDetailSchema = z.object({ user: adminUserSchema, ...userAccessSchema.shape });
export type UserDetail = z.infer<typeof userDetailSchema>;

/** GET /users, one page. */
export const usersPageSchema = z.object({ users: z.array(adminUserSchema), total_users: z.number() });
export type UsersPage = z.infer<typeof usersPageSchema>;

/** GET /permissions (every permission name) and GET /users/permissions/{id} (a user's effective ones). */
export const permissionNamesAnswerSchema = z.object({ permissions: z.array(z.string()) });
export type PermissionNamesAnswer = z.infer<typeof permissionNamesAnswerSchema>;

/**
 * GET /users/plan-options: the plans of study the signed-in manager may grant,
 * per campus they hold: the directory's plans (classes and active students)
 * there, or only their own plans where they are limited (`limited`).
 */
export const planOptionsSchema = z.object({
  campuses: z.array(z.object({ id: z.number(), nombre: z.string(), limited: z.boolean(), plans: z.array(z.string()) })),
});
export type PlanOptions = z.infer<typeof planOptionsSchema>;
