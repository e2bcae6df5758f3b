/**
 * The audit log ('Bitácora') in words (issue 20): the Spanish labels of every
 * recorded action, entity and field (one map per entity, here only), and the
 * reading of one stored entry as a sentence («Ana Pérez cambió el periodo de
 * encuestas 2026A de Puebla») with its changed fields before and after. The
 * server resolves the ids an entry names (`auditReferences`, one query per
 * kind of thing) and calls `describeAuditEntry`; the web shows the result.
 *
 * What an entry may say: back-office users and the things they manage by
 * name; never a respondent (a refused respondent sign-in keeps only the
 * e-mail's domain here) nor a worker behind a NOM-035 referral; never a
 * suggestion's text.
 */
import type { AuditChange, AuditFact } from './api/audit';
import type { DirectoryEntity } from './api/directory';
import type { InstitutionSignInError } from './api/institution-sign-in';
import { ACTION_LEVELS, ACTION_STATES, NOTICE_ITEMS, REPORT_FIELDS } from './nom035-file-labels';
import { displayDay } from './dates';
import { formatCount } from './format';

/** Spanish names of the recorded actions (the action filter); an action not listed shows its code. */
export const AUDIT_ACTION_LABELS: Readonly<Record<string, string>> = {
  create: 'Creación',
  update: 'Modificación',
  delete: 'Eliminación',
  enable: 'Habilitación',
  disable: 'Deshabilitación',
  'set-access': 'Cambio de permisos',
  'change-password': 'Cambio de contraseña',
  'suggestion-box': 'Apertura o cierre del buzón',
  close: 'Cierre',
  contact: 'Marcado como contactado',
  import: 'Importación',
  login: 'Inicio de sesión',
  'login-failed': 'Inicio de sesión fallido',
  'login-throttled': 'Inicio de sesión frenado por intentos fallidos',
  'institution-sign-in-failed': 'Inicio de sesión con la cuenta de la institución rechazado',
  logout: 'Cierre de sesión',
  'password-reset-requested': 'Solicitud de restablecimiento de contraseña',
  'password-reset': 'Restablecimiento de contraseña',
  'send-reminders': 'Envío de recordatorios',
  rename: 'Cambio de nombre',
  cycles: 'Cambio de tipos de encuesta',
  'review-comment': 'Revisión de un comentario',
  'attend-comment-alert': 'Atención de una alerta de comentario',
  publish: 'Publicación al personal',
  withdraw: 'Retiro de una publicación al personal',
};

export function auditActionLabel(action: string): string {
  return AUDIT_ACTION_LABELS[action] ?? action;
}

const DIRECTORY_PREFIX = 'directory:';
const DIRECTORY_LABELS: Readonly<Record<DirectoryEntity, string>> = {
  alumnos: 'alumnos',
  docentes: 'docentes',
  administrativos: 'administrativos',
  clases: 'clases',
  inscripciones: 'inscripciones',
};

/** How a value of a field is read: as text, a day, yes/no, a count, or an id (or ids) named from a lookup. */
type ValueKind =
  | 'text'
  | 'day'
  | 'yesNo'
  | 'count'
  | 'list'
  | 'campus'
  | 'period'
  | 'cycle'
  | 'group'
  | 'commentCategory'
  | 'suggestionCategory'
  | 'resolution'
  | 'signInReason'
  | 'throttleScope'
  | 'resetOutcome'
  | 'signInMethod'
  | 'signInAudience'
  | 'reminderAudience'
  | 'emailDomain'
  | 'copiedFrom'
  | 'filter'
  | 'commentDecision'
  | 'nom035Notice'
  | 'nom035Level'
  | 'nom035State'
  | 'planGrant';

interface FieldSpec {
  label: string;
  kind?: ValueKind;
}

const SIGN_IN_FIELDS: Readonly<Record<string, FieldSpec>> = {
  email: { label: 'Correo electrónico' },
  address: { label: 'Dirección IP' },
  method: { label: 'Forma de acceso', kind: 'signInMethod' },
  reason: { label: 'Motivo', kind: 'signInReason' },
  scope: { label: 'Bloqueo', kind: 'throttleScope' },
  outcome: { label: 'Resultado', kind: 'resetOutcome' },
  audience: { label: 'Acceso', kind: 'signInAudience' },
};

/** The student filter of a reminder (spec §3), by its keys. */
const FILTER_FIELDS: Readonly<Record<string, FieldSpec>> = {
  campusIds: { label: 'Campus', kind: 'campus' },
  campusId: { label: 'Campus', kind: 'campus' },
  year: { label: 'Año de ingreso' },
  periodo: { label: 'Periodo' },
  sesion: { label: 'Sesión' },
  plan: { label: 'Plan' },
  grupo: { label: 'Grupo' },
  pc_id: { label: 'ID de PowerCampus' },
};

/** The Spanish label of every field an entity's entries record, one map per entity. */
export const AUDIT_FIELD_LABELS: Readonly<Record<string, Readonly<Record<string, FieldSpec>>>> = {
  active: {
    campusId: { label: 'Campus', kind: 'campus' },
    campusIds: { label: 'Campus creados a la vez', kind: 'campus' },
    periodoId: { label: 'Periodo', kind: 'period' },
    startDate: { label: 'Inicio de encuestas', kind: 'day' },
    endDate: { label: 'Final de encuestas', kind: 'day' },
    resultsReleaseDay: { label: 'Resultados para docentes', kind: 'day' },
    releaseWaitsForReview: { label: 'Los resultados esperan la revisión de comentarios', kind: 'yesNo' },
    cicles: { label: 'Tipos de encuesta', kind: 'cycle' },
    copiedFrom: { label: 'Copiado del periodo', kind: 'copiedFrom' },
    decision: { label: 'Decisión sobre el comentario', kind: 'commentDecision' },
    reason: { label: 'Motivo para no publicarlo' },
  },
  periodo: {
    nombre: { label: 'Periodo' },
    fecha_inicio: { label: 'Inicio', kind: 'day' },
    fecha_fin: { label: 'Fin', kind: 'day' },
  },
  campus: {
    nombre: { label: 'Nombre' },
    enabled: { label: 'Habilitado', kind: 'yesNo' },
    avalible: { label: 'Buzón de sugerencias abierto', kind: 'yesNo' },
    on: { label: 'Tipos de encuesta habilitados', kind: 'cycle' },
    off: { label: 'Tipos de encuesta deshabilitados', kind: 'cycle' },
  },
  user: {
    name: { label: 'Nombre' },
    last_name: { label: 'Apellido paterno' },
    maternal_sur_name: { label: 'Apellido materno' },
    enabled: { label: 'Habilitado', kind: 'yesNo' },
    permissions: { label: 'Permisos', kind: 'list' },
    groups: { label: 'Grupos de permisos', kind: 'group' },
    campusIds: { label: 'Campus', kind: 'campus' },
    cicleIds: { label: 'Tipos de encuesta', kind: 'cycle' },
    plans: { label: 'Planes de estudio', kind: 'planGrant' },
    ...SIGN_IN_FIELDS,
  },
  respondent: {
    audience: { label: 'Acceso', kind: 'signInAudience' },
    email: { label: 'Dominio del correo', kind: 'emailDomain' },
    reason: { label: 'Motivo', kind: 'signInReason' },
  },
  permission_group: {
    name: { label: 'Nombre' },
    description: { label: 'Descripción' },
    permissions: { label: 'Permisos', kind: 'list' },
  },
  suggestion: {
    commentCategoryId: { label: 'Tipo de comentario', kind: 'commentCategory' },
    suggestionCategoryId: { label: 'Categoría', kind: 'suggestionCategory' },
    suggestionResolutionId: { label: 'Resolución', kind: 'resolution' },
  },
  institution: {
    institutionName: { label: 'Nombre de la institución' },
    platformName: { label: 'Nombre de la plataforma' },
  },
  reminder_job: {
    cycle: { label: 'Tipo de encuesta' },
    periodo: { label: 'Periodo' },
    audience: { label: 'Destinatarios', kind: 'reminderAudience' },
    filter: { label: 'Filtro', kind: 'filter' },
    recipients: { label: 'Personas a las que se envió', kind: 'count' },
    subject: { label: 'Asunto' },
    text: { label: 'Mensaje' },
  },
  directory: {
    rows: { label: 'Filas importadas', kind: 'count' },
  },
  nom035_policy: {
    campusId: { label: 'Campus', kind: 'campus' },
    text: { label: 'Texto de la política' },
    documentRef: { label: 'Documento' },
    adoptedOn: { label: 'Adoptada el', kind: 'day' },
    madeKnownOn: { label: 'Difundida el', kind: 'day' },
  },
  nom035_notice: {
    campusId: { label: 'Campus', kind: 'campus' },
    item: { label: 'Qué se informó', kind: 'nom035Notice' },
    how: { label: 'Cómo se informó' },
    givenOn: { label: 'Fecha', kind: 'day' },
  },
  nom035_report: {
    campusId: { label: 'Campus', kind: 'campus' },
    ...Object.fromEntries(Object.entries(REPORT_FIELDS).map(([key, label]) => [key, { label }])),
  },
  nom035_action: {
    campusId: { label: 'Campus', kind: 'campus' },
    guide: { label: 'Guía' },
    scope: { label: 'Alcance' },
    key: { label: 'Categoría o dominio' },
    area: { label: 'Área o grupo' },
    measure: { label: 'Medida' },
    level: { label: 'Nivel', kind: 'nom035Level' },
    dueOn: { label: 'Fecha programada', kind: 'day' },
    responsible: { label: 'Responsable' },
    state: { label: 'Estado', kind: 'nom035State' },
    followUp: { label: 'Evaluación posterior' },
  },
  nom035_action_note: {
    campusId: { label: 'Campus', kind: 'campus' },
    note: { label: 'Avance' },
    notedOn: { label: 'Fecha del avance', kind: 'day' },
  },
  nom035_publication: {
    campusId: { label: 'Campus', kind: 'campus' },
    periodo: { label: 'Periodo de la aplicación' },
  },
};

/** Keys that describe the entry rather than a field (the values before, legacy spellings of them). */
const NOT_FIELDS = new Set(['before', 'from', 'previous_email']);

const CODE_TEXTS: Partial<Record<ValueKind, Readonly<Record<string, string>>>> = {
  signInReason: {
    'unknown-email': 'Correo no registrado',
    'wrong-password': 'Contraseña incorrecta',
    'unknown-account': 'Cuenta no registrada',
    disabled: 'Cuenta deshabilitada',
    'outside-domains': 'Correo fuera de los dominios de la institución',
    'unverified-email': 'Correo no confirmado por el proveedor de identidad',
    expired: 'El inicio de sesión tardó demasiado o ya se usó',
    'not-offered': 'Acceso no disponible',
    provider: 'Falla del proveedor de identidad',
    cancelled: 'Cancelado por la persona',
  } satisfies Record<InstitutionSignInError | 'unknown-email' | 'wrong-password', string>,
  throttleScope: {
    'login-account': 'Por cuenta (demasiados intentos con ese correo)',
    'login-address': 'Por dirección IP (demasiados intentos desde ahí)',
  },
  resetOutcome: {
    sent: 'Se envió el correo',
    'unknown-email': 'Correo no registrado: no se envió nada',
    disabled: 'Cuenta deshabilitada: no se envió nada',
    'hourly-limit': 'Límite por hora alcanzado: no se envió nada',
  },
  signInMethod: { institution: 'Cuenta de la institución' },
  signInAudience: { admins: 'Administración', respondents: 'Personas encuestadas' },
  reminderAudience: { students: 'Alumnos', academic: 'Docentes y administrativos' },
  commentDecision: { published: 'Publicado', redacted: 'Publicado con partes tachadas', withheld: 'No publicado' },
  nom035Notice: NOTICE_ITEMS,
  nom035Level: ACTION_LEVELS,
  nom035State: ACTION_STATES,
};

/** What each NOM-035 evidence-file entry is about (issue 22), before «de <campus>». */
const NOM035_SUBJECTS: Readonly<Record<string, string>> = {
  nom035_policy: 'la política de prevención NOM-035 (5.1)',
  nom035_notice: 'un registro de difusión NOM-035 (5.7)',
  nom035_report: 'el informe de resultados NOM-035 (7.7)',
  nom035_action: 'una acción del programa NOM-035 (8.4)',
  nom035_action_note: 'el avance de una acción del programa NOM-035 (8.4)',
  nom035_publication: 'el resumen de resultados NOM-035 (7.8)',
};

/** Names of the things entries point at, each looked up once per page (ids as numbers; suggestions by uuid). */
export interface AuditNames {
  users: ReadonlyMap<number, string>;
  campuses: ReadonlyMap<number, string>;
  periods: ReadonlyMap<number, string>;
  cycles: ReadonlyMap<number, string>;
  groups: ReadonlyMap<number, string>;
  actives: ReadonlyMap<number, { periodo: string; campus: string }>;
  suggestions: ReadonlyMap<string, { campus: string }>;
  commentCategories: ReadonlyMap<number, string>;
  suggestionCategories: ReadonlyMap<number, string>;
  resolutions: ReadonlyMap<number, string>;
}

/** The ids a page of entries names, by kind: what the server must look up. */
export type AuditReferences = { [K in keyof AuditNames]: Set<K extends 'suggestions' ? string : number> };

/** One stored row, as `describeAuditEntry` reads it. */
export interface StoredAuditEntry {
  action: string;
  entity: string;
  entity_id: string | null;
  details: Record<string, unknown>;
  /** The actor's name; null when unknown (a failed login) or no longer a user. */
  actorName: string | null;
}

const LOOKUP_OF_KIND: Partial<Record<ValueKind, Exclude<keyof AuditNames, 'actives' | 'suggestions' | 'users'>>> = {
  campus: 'campuses',
  period: 'periods',
  cycle: 'cycles',
  group: 'groups',
  commentCategory: 'commentCategories',
  suggestionCategory: 'suggestionCategories',
  resolution: 'resolutions',
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const toId = (value: unknown): number | null => {
  const id = typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : null;
};

function fieldsOf(entity: string): Readonly<Record<string, FieldSpec>> {
  return AUDIT_FIELD_LABELS[entity.startsWith(DIRECTORY_PREFIX) ? 'directory' : entity] ?? {};
}

function spec(entity: string, key: string): FieldSpec {
  return fieldsOf(entity)[key] ?? { label: 'Otro dato' };
}

export function emptyAuditReferences(): AuditReferences {
  return {
    users: new Set(),
    campuses: new Set(),
    periods: new Set(),
    cycles: new Set(),
    groups: new Set(),
    actives: new Set(),
    suggestions: new Set(),
    commentCategories: new Set(),
    suggestionCategories: new Set(),
    resolutions: new Set(),
  };
}

function collect(refs: AuditReferences, kind: ValueKind | undefined, value: unknown): void {
  if (value === null || value === undefined) return;
  if (Array.isArray(value)) {
    for (const item of value) collect(refs, kind, item);
    return;
  }
  if (kind === 'filter' && isRecord(value)) {
    for (const [key, inner] of Object.entries(value)) collect(refs, FILTER_FIELDS[key]?.kind, inner);
    return;
  }
  if (kind === 'copiedFrom' && isRecord(value)) {
    collect(refs, 'period', value.periodoId);
    return;
  }
  if (kind === 'planGrant' && isRecord(value)) {
    collect(refs, 'campus', value.campusId);
    return;
  }
  const lookup = kind ? LOOKUP_OF_KIND[kind] : undefined;
  const id = toId(value);
  if (lookup && id !== null) refs[lookup].add(id);
}

/** Every id the entries name, in their subject and in their fields (before and after). */
export function auditReferences(entries: readonly Pick<StoredAuditEntry, 'entity' | 'entity_id' | 'details'>[]): AuditReferences {
  const refs = emptyAuditReferences();
  for (const entry of entries) {
    const id = toId(entry.entity_id);
    if (entry.entity === 'user' && id !== null) refs.users.add(id);
    if (entry.entity === 'campus' && id !== null) refs.campuses.add(id);
    if (entry.entity === 'periodo' && id !== null) refs.periods.add(id);
    if (entry.entity === 'permission_group' && id !== null) refs.groups.add(id);
    if (entry.entity === 'active' && id !== null) refs.actives.add(id);
    if (entry.entity === 'suggestion' && entry.entity_id) refs.suggestions.add(entry.entity_id);
    const before = isRecord(entry.details.before) ? entry.details.before : {};
    for (const [key, value] of [...Object.entries(entry.details), ...Object.entries(before)]) {
      if (!NOT_FIELDS.has(key)) collect(refs, spec(entry.entity, key).kind, value);
    }
  }
  return refs;
}

const NONE = '—';

/** A value as people read it: days DD/MM/YYYY, Sí/No, counts with commas, ids by name, lists joined. */
function formatValue(kind: ValueKind | undefined, value: unknown, names: AuditNames): string {
  if (value === null || value === undefined || value === '') return NONE;
  // Sorted, so the same set in another order reads the same before and after.
  if (Array.isArray(value)) {
    if (value.length === 0) return 'Ninguno';
    return value
      .map((item) => formatValue(kind, item, names))
      .sort((a, b) => a.localeCompare(b, 'es'))
      .join(', ');
  }
  const lookup = kind ? LOOKUP_OF_KIND[kind] : undefined;
  if (lookup) {
    const id = toId(value);
    return (id !== null ? names[lookup].get(id) : undefined) ?? 'ya no existe';
  }
  const codes = kind ? CODE_TEXTS[kind] : undefined;
  if (codes && typeof value === 'string') return codes[value] ?? value;
  switch (kind) {
    case 'day':
      return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? displayDay(value) : String(value);
    case 'count':
      return typeof value === 'number' ? formatCount(value) : String(value);
    case 'emailDomain':
      return typeof value === 'string' && value.includes('@') ? `@${value.split('@').pop()}` : NONE;
    case 'copiedFrom':
      return isRecord(value) ? formatValue('period', value.periodoId, names) : NONE;
    // A coordinator's plan at a campus: «Puebla: ISC».
    case 'planGrant':
      return isRecord(value) ? `${formatValue('campus', value.campusId, names)}: ${formatValue('text', value.plan, names)}` : NONE;
    case 'filter': {
      if (!isRecord(value)) return NONE;
      const parts = Object.entries(value)
        .filter(([, inner]) => inner !== undefined && inner !== null && inner !== '' && !(Array.isArray(inner) && inner.length === 0))
        .map(([key, inner]) => {
          const field = FILTER_FIELDS[key] ?? { label: 'Otro dato' };
          return `${field.label}: ${formatValue(field.kind, inner, names)}`;
        });
      return parts.length ? parts.join('; ') : 'Sin filtro';
    }
    default:
      break;
  }
  if (typeof value === 'boolean') return value ? 'Sí' : 'No';
  if (typeof value === 'number') return formatCount(value);
  if (isRecord(value)) {
    return Object.entries(value)
      .map(([key, inner]) => `${key}: ${formatValue(undefined, inner, names)}`)
      .join('; ');
  }
  return String(value);
}

/** What the entry is about, named, with its article: «el campus Puebla», «el grupo de permisos Coordinación (eliminado)». */
export function auditSubject(entry: Pick<StoredAuditEntry, 'entity' | 'entity_id' | 'details'>, names: AuditNames): string {
  const id = toId(entry.entity_id);
  const details = entry.details;
  const lastKnown = (value: unknown) => (typeof value === 'string' && value ? value : null);
  const gone = (known: string | null, named: (name: string) => string, unnamed: string) => (known ? `${named(known)} (eliminado)` : unnamed);
  switch (entry.entity) {
    case 'user': {
      const name = id !== null ? names.users.get(id) : undefined;
      if (name) return `el usuario ${name}`;
      return id !== null ? gone(lastKnown(details.email), (n) => `el usuario ${n}`, 'un usuario eliminado') : 'una cuenta no registrada';
    }
    case 'campus': {
      const name = id !== null ? names.campuses.get(id) : undefined;
      return name ? `el campus ${name}` : gone(lastKnown(details.nombre), (n) => `el campus ${n}`, 'un campus eliminado');
    }
    case 'periodo': {
      const name = id !== null ? names.periods.get(id) : undefined;
      return name ? `el periodo ${name}` : gone(lastKnown(details.nombre), (n) => `el periodo ${n}`, 'un periodo eliminado');
    }
    case 'active': {
      const active = id !== null ? names.actives.get(id) : undefined;
      if (active) return `el periodo de encuestas ${active.periodo} de ${active.campus}`;
      const periodo = toId(details.periodoId) !== null ? names.periods.get(toId(details.periodoId)!) : undefined;
      const campus = toId(details.campusId) !== null ? names.campuses.get(toId(details.campusId)!) : undefined;
      return periodo && campus ? `el periodo de encuestas ${periodo} de ${campus} (eliminado)` : 'un periodo de encuestas eliminado';
    }
    case 'permission_group': {
      const name = id !== null ? names.groups.get(id) : undefined;
      return name ? `el grupo de permisos ${name}` : gone(lastKnown(details.name), (n) => `el grupo de permisos ${n}`, 'un grupo de permisos eliminado');
    }
    case 'suggestion': {
      const suggestion = entry.entity_id ? names.suggestions.get(entry.entity_id) : undefined;
      return suggestion ? `un comentario del buzón de ${suggestion.campus}` : 'un comentario del buzón eliminado';
    }
    // Never resolved: the referral's person is a worker identified by a NOM-035 result.
    case 'nom035_referral':
      return 'una canalización NOM-035';
    case 'reminder_job': {
      const cycle = lastKnown(details.cycle);
      const periodo = lastKnown(details.periodo);
      return cycle ? `recordatorios de ${cycle}${periodo ? ` (${periodo})` : ''}` : 'recordatorios';
    }
    case 'respondent':
      return 'una persona encuestada';
    case 'nom035_policy':
    case 'nom035_notice':
    case 'nom035_report':
    case 'nom035_action':
    case 'nom035_action_note':
    case 'nom035_publication': {
      const campusId = toId(details.campusId);
      const campus = campusId !== null ? names.campuses.get(campusId) : undefined;
      return `${NOM035_SUBJECTS[entry.entity]}${campus ? ` de ${campus}` : ''}`;
    }
    case 'institution':
      return 'los datos de la institución';
    default: {
      if (entry.entity.startsWith(DIRECTORY_PREFIX)) {
        const name = entry.entity.slice(DIRECTORY_PREFIX.length);
        return `el directorio de ${DIRECTORY_LABELS[name as keyof typeof DIRECTORY_LABELS] ?? name}`;
      }
      return 'un registro';
    }
  }
}

/** «de el campus» is «del campus». */
const of = (subject: string) => (subject.startsWith('el ') ? `del ${subject.slice(3)}` : `de ${subject}`);
const upperFirst = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function sentence(entry: StoredAuditEntry, subject: string): string {
  const who = entry.actorName ?? 'Un usuario eliminado';
  const email = typeof entry.details.email === 'string' ? entry.details.email : null;
  switch (entry.action) {
    case 'create':
      return `${who} creó ${subject}`;
    case 'update':
      return `${who} cambió ${subject}`;
    case 'delete':
      return `${who} eliminó ${subject}`;
    case 'enable':
      return `${who} habilitó ${subject}`;
    case 'disable':
      return `${who} deshabilitó ${subject}`;
    case 'rename':
      return `${who} cambió el nombre ${of(subject)}`;
    case 'set-access':
      return `${who} cambió los permisos ${of(subject)}`;
    case 'cycles':
      return `${who} cambió los tipos de encuesta ${of(subject)}`;
    case 'suggestion-box':
      return `${who} ${entry.details.avalible === false ? 'cerró' : 'abrió'} el buzón de sugerencias ${of(subject)}`;
    case 'close':
      return `${who} cerró ${subject}`;
    case 'publish':
      return `${who} publicó al personal ${subject}`;
    case 'withdraw':
      return `${who} retiró del área del personal ${subject}`;
    case 'contact':
      return `${who} registró que se contactó a quien escribió ${subject}`;
    case 'import':
      return `${who} importó ${subject}`;
    case 'send-reminders':
      return `${who} envió ${subject}`;
    case 'change-password':
      return `${who} cambió su contraseña`;
    case 'password-reset':
      return `${who} restableció su contraseña`;
    case 'login':
      return `${who} inició sesión${entry.details.method === 'institution' ? ' con la cuenta de la institución' : ''}`;
    case 'logout':
      return `${who} cerró sesión`;
    case 'login-failed':
      return `Inicio de sesión fallido${email ? ` con el correo ${email}` : ''}`;
    case 'login-throttled':
      return `Se frenaron los inicios de sesión${email ? ` con el correo ${email}` : ''} por intentos fallidos`;
    case 'institution-sign-in-failed':
      return entry.entity === 'respondent'
        ? 'Se rechazó el inicio de sesión de una persona encuestada con la cuenta de la institución'
        : `Se rechazó el inicio de sesión con la cuenta de la institución${email ? ` de ${email}` : ''}`;
    case 'password-reset-requested':
      return `Se pidió restablecer la contraseña${email ? ` de ${email}` : ''}`;
    default:
      return `${who}: ${auditActionLabel(entry.action)} de ${subject}`;
  }
}

/** Actions whose fields are a change of the thing, shown before and after. */
const CHANGE_ACTIONS = new Set(['update', 'rename', 'set-access']);
/** Keys a sentence already says, or that repeat the subject, and need no row. */
const SAID_IN_SENTENCE: Readonly<Record<string, readonly string[]>> = {
  'login-failed': ['email'],
  'login-throttled': ['email'],
  'password-reset-requested': ['email'],
  'institution-sign-in-failed': ['email'],
  'suggestion-box': ['avalible'],
  enable: ['nombre'],
  disable: ['nombre'],
  'send-reminders': ['cycle', 'periodo'],
};

/** The values before a change, from the entry's `before` or the older spellings (`from`, `previous_email`); null when not recorded. */
function valuesBefore(entry: StoredAuditEntry): Record<string, unknown> | null {
  const details = entry.details;
  if (isRecord(details.before)) return details.before;
  if (entry.action === 'rename' && 'from' in details) return { nombre: details.from };
  return null;
}

export interface AuditEntryText {
  /** «Ana Pérez cambió el periodo de encuestas 2026A de Puebla». */
  summary: string;
  /** «el periodo de encuestas 2026A de Puebla». */
  subject: string;
  /** Fields changed, before and after (before null: not recorded). */
  changes: AuditChange[];
  /** Other fields the entry records (a creation's values, a sign-in's address). */
  facts: AuditFact[];
}

/** One entry in words, given the names of what it points at. */
export function describeAuditEntry(entry: StoredAuditEntry, names: AuditNames): AuditEntryText {
  const subject = auditSubject(entry, names);
  const summary = upperFirst(sentence(entry, subject));
  // A respondent's e-mail is in no sentence: only its domain shows, as a field.
  const said = new Set(entry.entity === 'respondent' ? [] : (SAID_IN_SENTENCE[entry.action] ?? []));
  // In the order of the entity's map (the database keeps no key order), unknown keys last.
  const order = Object.keys(fieldsOf(entry.entity));
  const rank = (key: string) => (order.includes(key) ? order.indexOf(key) : order.length);
  const keys = Object.keys(entry.details)
    .filter((key) => !NOT_FIELDS.has(key) && !said.has(key))
    .sort((a, b) => rank(a) - rank(b));
  const value = (key: string, raw: unknown) => formatValue(spec(entry.entity, key).kind, raw, names);
  const changes: AuditChange[] = [];
  const facts: AuditFact[] = [];

  // A switch says its own before: enabling was off, closing the box was open.
  if (entry.action === 'enable' || entry.action === 'disable') {
    const on = entry.action === 'enable';
    changes.push({ label: spec(entry.entity, 'enabled').label, before: on ? 'No' : 'Sí', after: on ? 'Sí' : 'No' });
  } else if (entry.action === 'suggestion-box' && typeof entry.details.avalible === 'boolean') {
    const open = entry.details.avalible;
    changes.push({ label: spec(entry.entity, 'avalible').label, before: open ? 'No' : 'Sí', after: open ? 'Sí' : 'No' });
  }

  const before = valuesBefore(entry);
  if (CHANGE_ACTIONS.has(entry.action) || before) {
    const legacyEmail = typeof entry.details.previous_email === 'string' ? entry.details.previous_email : undefined;
    for (const key of keys) {
      const after = value(key, entry.details[key]);
      const recorded = before && key in before ? value(key, before[key]) : key === 'email' && legacyEmail !== undefined ? value(key, legacyEmail) : null;
      // Unchanged fields are left out; where the values before were not recorded (older entries) every field shows.
      if (recorded === after) continue;
      if (recorded === null && before) continue;
      changes.push({ label: spec(entry.entity, key).label, before: recorded, after });
    }
  } else {
    for (const key of keys) facts.push({ label: spec(entry.entity, key).label, value: value(key, entry.details[key]) });
  }
  return { summary, subject, changes, facts };
}
