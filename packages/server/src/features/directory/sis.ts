/**
 * The student-information system (Ellucian PowerCampus) as a source of the
 * respondent directory. A connector yields records per entity in the
 * import format of core/api/directory.ts; syncing runs them through the same
 * import as a CSV, entity by entity, each all-or-nothing.
 */
import { DIRECTORY_ENTITIES, type DirectoryEntity, type ImportReport } from '@encuestas/core/api/directory';
import type { Database } from '../../db/client';
import { importDirectory, type ImportOptions, type SourceRecord } from './import';

export interface SisConnector {
  readonly name: string;
  records(entity: DirectoryEntity): AsyncIterable<Record<string, unknown>>;
}

/** Resource paths and field names of the PowerCampus-style API (docs/sis.md). */
const RESOURCES: Record<DirectoryEntity, { path: string; map(item: Record<string, unknown>): Record<string, unknown> }> = {
  alumnos: {
    path: 'students',
    map: (s) => ({
      pc_id: s.peopleId,
      nombre: s.firstName,
      apellido_paterno: s.lastName,
      apellido_materno: s.secondLastName,
      correo: s.email,
      campus: s.campus,
      plan: s.program,
      grupo: s.group,
      sesion: s.session,
      anio: s.admitYear,
      periodo: s.academicTerm,
      nuevo_ingreso: s.newStudent === true ? 'sí' : 'no',
    }),
  },
  docentes: {
    path: 'faculty',
    map: (f) => ({ pc_id: f.peopleId, nombre: f.firstName, apellido_paterno: f.lastName, apellido_materno: f.secondLastName, correo: f.email, campus: f.campus }),
  },
  administrativos: {
    path: 'staff',
    map: (s) => ({
      id: s.peopleId,
      nombre: s.firstName,
      apellido_paterno: s.lastName,
      apellido_materno: s.secondLastName,
      correo: s.email,
      campus: s.campus,
      tipo: s.type,
      puesto: s.position,
    }),
  },
  clases: {
    path: 'sections',
    map: (c) => ({
      clave: c.code,
      nombre: c.name,
      campus: c.campus,
      periodo: c.academicTerm,
      docente_pc_id: c.facultyId,
      plan: c.program,
      grupo: c.group,
    }),
  },
  inscripciones: {
    path: 'enrollments',
    map: (e) => ({ clave: e.sectionCode, campus: e.campus, periodo: e.academicTerm, alumno_pc_id: e.peopleId }),
  },
};

const text = (value: unknown) => (value === undefined || value === null ? undefined : String(value));

export class PowerCampusHttpConnector implements SisConnector {
  readonly name = 'PowerCampus HTTP';

  constructor(
    private readonly baseUrl: string,
    private readonly token: string | undefined,
    private readonly pageSize = 500,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  async *records(entity: DirectoryEntity): AsyncIterable<Record<string, unknown>> {
    const resource = RESOURCES[entity];
    for (let page = 1; ; page++) {
      const url = new URL(`${this.baseUrl.replace(/\/+$/, '')}/${resource.path}`);
      url.searchParams.set('page', String(page));
      url.searchParams.set('pageSize', String(this.pageSize));
      const response = await this.fetchImpl(url, {
        headers: { accept: 'application/json', ...(this.token ? { authorization: `Bearer ${this.token}` } : {}) },
        signal: AbortSignal.timeout(30_000),
      });
      if (!response.ok) throw new Error(`${this.name}: ${url.pathname} answered ${response.status}`);
      const body = (await response.json()) as { data?: Record<string, unknown>[]; totalPages?: number };
      for (const item of body.data ?? []) {
        // Strings as a CSV would give them, so both sources share one validation.
        yield Object.fromEntries(Object.entries(resource.map(item)).map(([k, v]) => [k, text(v)]));
      }
      if (!body.data?.length || page >= (body.totalPages ?? page)) return;
    }
  }
}

/**
 * Pulls every entity in dependency order; stops at the first entity whose rows
 * have errors (an e-mail outside `emailDomains` is one, as in a CSV import).
 */
export async function syncFromSis(db: Database, connector: SisConnector, options: Pick<ImportOptions, 'emailDomains'> = {}): Promise<ImportReport[]> {
  const reports: ImportReport[] = [];
  for (const entity of DIRECTORY_ENTITIES) {
    const records: SourceRecord[] = [];
    for await (const values of connector.records(entity)) records.push({ line: records.length + 2, values });
    if (records.length === 0) continue;
    const report = await importDirectory(db, entity, records, options);
    reports.push(report);
    if (report.errors.length) break;
  }
  return reports;
}
