import { describe, expect, it } from 'vitest';
import { auditReferences, describeAuditEntry, emptyAuditReferences, type AuditNames } from './audit-log';

const names: AuditNames = {
  users: new Map([[7, 'Rosa Ortiz']]),
  campuses: new Map([
    [1, 'Puebla'],
    [2, 'León'],
  ]),
  periods: new Map([[15, '2026B']]),
  cycles: new Map([
    [3, 'Encuesta de Servicios A'],
    [4, 'Evaluación Docente'],
  ]),
  groups: new Map([[9, 'Coordinación']]),
  actives: new Map([[15, { periodo: '2026B', campus: 'Puebla' }]]),
  suggestions: new Map([['0f8e5b7a-1c2d-4e3f-8a9b-0c1d2e3f4a5b', { campus: 'León' }]]),
  commentCategories: new Map([[1, 'Queja']]),
  suggestionCategories: new Map(),
  resolutions: new Map([[2, 'Procedente']]),
};

const entry = (action: string, entity: string, entityId: string | null, details: Record<string, unknown>) => ({
  action,
  entity,
  entity_id: entityId,
  details,
  actorName: 'Ana Pérez',
});

describe('auditReferences', () => {
  it('collects every id an entry names, in its subject and fields before and after, by kind', () => {
    const refs = auditReferences([
      entry('update', 'active', '15', { cicles: [3], before: { cicles: [4] }, startDate: '2026-01-01' }),
      entry('set-access', 'user', '7', { campusIds: [1, 2], groups: [9], permissions: ['Ver Bitácora'] }),
      entry('send-reminders', 'reminder_job', 'job', { filter: { campusIds: [2], plan: 'LAE' } }),
      entry('update', 'suggestion', '0f8e5b7a-1c2d-4e3f-8a9b-0c1d2e3f4a5b', { suggestionResolutionId: 2 }),
    ]);
    expect({ ...refs }).toEqual({
      ...emptyAuditReferences(),
      users: new Set([7]),
      campuses: new Set([1, 2]),
      cycles: new Set([3, 4]),
      groups: new Set([9]),
      actives: new Set([15]),
      suggestions: new Set(['0f8e5b7a-1c2d-4e3f-8a9b-0c1d2e3f4a5b']),
      resolutions: new Set([2]),
    });
  });
});

// Over 80 lines because it is a describe block: short tests in a row, sharing the file's set-up.
describe('describeAuditEntry', () => {
  it('an application edited: its period and campus by name, changed fields only, days DD/MM/YYYY, lists joined', () => {
    const text = describeAuditEntry(
      entry('update', 'active', '15', {
        startDate: '2026-08-01',
        endDate: '2026-12-15',
        cicles: [3],
        before: { startDate: '2026-08-01', endDate: '2026-12-01', cicles: [4, 3] },
      }),
      names,
    );
    expect(text).toEqual({
      summary: 'Ana Pérez cambió el periodo de encuestas 2026B de Puebla',
      subject: 'el periodo de encuestas 2026B de Puebla',
      changes: [
        { label: 'Final de encuestas', before: '01/12/2026', after: '15/12/2026' },
        { label: 'Tipos de encuesta', before: 'Encuesta de Servicios A, Evaluación Docente', after: 'Encuesta de Servicios A' },
      ],
      facts: [],
    });
  });

  it('a rename recorded with «from» shows it as the name before', () => {
    expect(describeAuditEntry(entry('rename', 'campus', '2', { from: 'Leon', nombre: 'León' }), names)).toMatchObject({
      summary: 'Ana Pérez cambió el nombre del campus León',
      changes: [{ label: 'Nombre', before: 'Leon', after: 'León' }],
    });
  });

  it('a switch says its own before: disabling a user, closing a campus’s box', () => {
    expect(describeAuditEntry(entry('disable', 'user', '7', {}), names)).toMatchObject({
      summary: 'Ana Pérez deshabilitó el usuario Rosa Ortiz',
      changes: [{ label: 'Habilitado', before: 'Sí', after: 'No' }],
      facts: [],
    });
    expect(describeAuditEntry(entry('suggestion-box', 'campus', '1', { avalible: false }), names)).toMatchObject({
      summary: 'Ana Pérez cerró el buzón de sugerencias del campus Puebla',
      changes: [{ label: 'Buzón de sugerencias abierto', before: 'Sí', after: 'No' }],
    });
  });

  it('names what is gone by its last known name, or says it no longer exists', () => {
    expect(describeAuditEntry(entry('delete', 'permission_group', '99', { name: 'Revisión' }), names).summary).toBe(
      'Ana Pérez eliminó el grupo de permisos Revisión (eliminado)',
    );
    expect(describeAuditEntry(entry('delete', 'permission_group', '98', {}), names).summary).toBe('Ana Pérez eliminó un grupo de permisos eliminado');
    expect(describeAuditEntry(entry('set-access', 'user', '7', { groups: [98] }), names).changes).toEqual([
      { label: 'Grupos de permisos', before: null, after: 'ya no existe' },
    ]);
  });

  it('a coordinator’s plans of study read as campus and plan, and their campuses are looked up', () => {
    const planEntry = entry('set-access', 'user', '7', {
      campusIds: [1, 2],
      plans: [{ campusId: 2, plan: 'LAE' }, { campusId: 1, plan: 'ISC' }],
      before: { campusIds: [1, 2], plans: [{ campusId: 1, plan: 'ISC' }] },
    });
    expect(auditReferences([{ ...planEntry, details: { plans: [{ campusId: 2, plan: 'LAE' }] } }]).campuses).toEqual(new Set([2]));
    expect(describeAuditEntry(planEntry, names).changes).toEqual([{ label: 'Planes de estudio', before: 'Puebla: ISC', after: 'León: LAE, Puebla: ISC' }]);
  });

  it('a suggestion is named by its campus only, its categories by name', () => {
    const text = describeAuditEntry(
      entry('update', 'suggestion', '0f8e5b7a-1c2d-4e3f-8a9b-0c1d2e3f4a5b', { suggestionResolutionId: 2, before: { suggestionResolutionId: null } }),
      names,
    );
    expect(text).toMatchObject({
      summary: 'Ana Pérez cambió un comentario del buzón de León',
      changes: [{ label: 'Resolución', before: '—', after: 'Procedente' }],
    });
  });

  it('a failed sign-in in words: reason and address in Spanish, the e-mail in the sentence', () => {
    const text = describeAuditEntry({ ...entry('login-failed', 'user', null, { email: 'x@y.mx', address: '10.0.0.1', reason: 'wrong-password' }), actorName: null }, names);
    expect(text).toEqual({
      summary: 'Inicio de sesión fallido con el correo x@y.mx',
      subject: 'una cuenta no registrada',
      changes: [],
      facts: [
        { label: 'Dirección IP', value: '10.0.0.1' },
        { label: 'Motivo', value: 'Contraseña incorrecta' },
      ],
    });
  });

  it('a reminder: its filter in words, the count with thousands separators', () => {
    const text = describeAuditEntry(
      entry('send-reminders', 'reminder_job', 'abc', {
        cycle: 'Encuesta de Servicios A',
        periodo: '2026B',
        audience: 'students',
        filter: { campusIds: [1, 2], plan: 'LAE', grupo: '' },
        recipients: 1050,
      }),
      names,
    );
    expect(text.summary).toBe('Ana Pérez envió recordatorios de Encuesta de Servicios A (2026B)');
    expect(text.facts).toEqual([
      { label: 'Destinatarios', value: 'Alumnos' },
      { label: 'Filtro', value: 'Campus: León, Puebla; Plan: LAE' },
      { label: 'Personas a las que se envió', value: '1,050' },
    ]);
  });

  it('a NOM-035 program action changed: the campus named in the subject, its level and state in Spanish', () => {
    const text = describeAuditEntry(
      entry('update', 'nom035_action', '12', {
        campusId: 1,
        level: 'group',
        state: 'done',
        dueOn: '2026-05-01',
        before: { level: 'organizational', state: 'inProgress', dueOn: '2026-05-01' },
      }),
      names,
    );
    expect(text.summary).toBe('Ana Pérez cambió una acción del programa NOM-035 (8.4) de Puebla');
    expect(text.changes).toEqual([
      { label: 'Nivel', before: 'Primer nivel: organizacional', after: 'Segundo nivel: grupal' },
      { label: 'Estado', before: 'En curso', after: 'Hecha' },
    ]);
  });

  it('the NOM-035 results published to staff and withdrawn: the campus in the subject, the period as a field', () => {
    const published = describeAuditEntry(entry('publish', 'nom035_publication', '15', { campusId: 1, periodo: '2026B' }), names);
    expect(published.summary).toBe('Ana Pérez publicó al personal el resumen de resultados NOM-035 (7.8) de Puebla');
    expect(published.facts).toEqual(expect.arrayContaining([{ label: 'Periodo de la aplicación', value: '2026B' }]));
    const withdrawn = describeAuditEntry(entry('withdraw', 'nom035_publication', '15', { campusId: 1, periodo: '2026B' }), names);
    expect(withdrawn.summary).toBe('Ana Pérez retiró del área del personal el resumen de resultados NOM-035 (7.8) de Puebla');
  });
});
