import { describe, expect, it } from 'vitest';
import { DIRECTORY_ENTITIES, DIRECTORY_ROW_SCHEMAS, normaliseHeader } from '@encuestas/core/api/directory';
import { ApiError } from '../../../api/api-error';
import {
  DIRECTORY_ENTITY_INFO,
  csvField,
  csvFileProblem,
  csvTemplate,
  csvTemplateHref,
  entityInfo,
  errorRows,
  importReportFromError,
  importSummary,
  newProgressId,
  progressView,
  skippedNote,
  templateFileName,
} from './directory-templates';

/** The template read back the way the server reads it (comma-separated, headers normalised). */
function parseTemplate(csv: string): Record<string, string>[] {
  const lines = csv.trimEnd().split('\r\n').map(splitCsvLine);
  const [header, ...rows] = lines;
  const keys = (header ?? []).map(normaliseHeader);
  return rows.map((row) => Object.fromEntries(keys.map((key, i) => [key, row[i] ?? ''])));
}

function splitCsvLine(line: string): string[] {
  const fields: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        current += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else current += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      fields.push(current);
      current = '';
    } else current += ch;
  }
  fields.push(current);
  return fields;
}

/** Empty optional cells are left out, as the importer treats blanks. */
const withoutBlanks = (row: Record<string, string>) => Object.fromEntries(Object.entries(row).filter(([, v]) => v !== ''));

describe('the entity catalogue', () => {
  it('covers the five entities of the API, in import order', () => {
    expect(DIRECTORY_ENTITY_INFO.map((e) => e.entity)).toEqual([...DIRECTORY_ENTITIES]);
    expect(DIRECTORY_ENTITY_INFO.map((e) => e.label)).toEqual([
      'Alumnos',
      'Docentes',
      'Administrativos',
      'Clases',
      'Inscripciones',
    ]);
  });

  it.each(DIRECTORY_ENTITIES)('%s lists exactly the columns the server reads', (entity) => {
    const shape = Object.keys(DIRECTORY_ROW_SCHEMAS[entity].shape).sort();
    expect(entityInfo(entity).columns.map((c) => normaliseHeader(c.name)).sort()).toEqual(shape);
  });

  it.each(DIRECTORY_ENTITIES)('%s marks as required exactly the columns the server requires', (entity) => {
    const info = entityInfo(entity);
    const schema = DIRECTORY_ROW_SCHEMAS[entity];
    const example = parseTemplate(csvTemplate(entity))[0]!;
    const requiredOnly = Object.fromEntries(
      info.columns.filter((c) => c.required).map((c) => [normaliseHeader(c.name), example[normaliseHeader(c.name)]]),
    );
    expect(schema.safeParse(requiredOnly).success).toBe(true);
    for (const column of info.columns.filter((c) => c.required)) {
      const { [normaliseHeader(column.name)]: _left, ...missing } = requiredOnly;
      expect(schema.safeParse(missing).success, `${entity} without ${column.name}`).toBe(false);
    }
  });
});

describe('csvTemplate', () => {
  it('writes the header and the example rows with CRLF line ends', () => {
    expect(csvTemplate('docentes')).toBe(
      'pc_id,nombre,apellido_paterno,apellido_materno,correo,campus\r\n' +
        '200000999,María,Hernández,Ruiz,maria.hernandez@example.com,Puebla\r\n',
    );
  });

  it('keeps the staff headers as the spec writes them', () => {
    expect(csvTemplate('administrativos').split('\r\n')[0]).toBe(
      'ID,nombre,apellido_paterno,apellido_materno,correo,CAMPUS,TIPO,PUESTO',
    );
  });

  it.each(DIRECTORY_ENTITIES)('the example rows of %s pass the server validation', (entity) => {
    const rows = parseTemplate(csvTemplate(entity));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const result = DIRECTORY_ROW_SCHEMAS[entity].safeParse(withoutBlanks(row));
      expect(result.success, JSON.stringify(result.error?.issues)).toBe(true);
    }
  });

  it('is offered as a UTF-8 data link with a BOM and a file name per entity', () => {
    const href = csvTemplateHref('clases');
    expect(href.startsWith('data:text/csv;charset=utf-8,')).toBe(true);
    expect(decodeURIComponent(href.slice('data:text/csv;charset=utf-8,'.length))).toBe(`\uFEFF${csvTemplate('clases')}`);
    expect(templateFileName('inscripciones')).toBe('plantilla-inscripciones.csv');
  });
});

describe('csvField', () => {
  it.each([
    ['Puebla', 'Puebla'],
    ['Cálculo, grupo A', '"Cálculo, grupo A"'],
    ['Dice "hola"', '"Dice ""hola"""'],
    ['a;b', '"a;b"'],
  ])('%j is written %j', (value, expected) => {
    expect(csvField(value)).toBe(expected);
  });
});

describe('csvFileProblem', () => {
  it.each([
    [{ name: 'alumnos.csv', size: 120 }, null],
    [{ name: 'ALUMNOS.CSV', size: 120 }, null],
    [{ name: 'alumnos.xlsx', size: 120 }, 'Elige un archivo con extensión .csv.'],
    [{ name: 'vacío.csv', size: 0 }, 'El archivo está vacío.'],
    [{ name: 'enorme.csv', size: 10_000_001 }, 'El archivo es demasiado grande (máximo 10 MB).'],
  ])('%j → %j', (file, expected) => {
    expect(csvFileProblem(file)).toBe(expected);
  });
});

describe('report texts', () => {
  it('summarises an import', () => {
    expect(importSummary({ imported: 12, created: 10, updated: 2, skipped: 0 })).toBe(
      '12 importados: 10 nuevos, 2 actualizados, 0 omitidos',
    );
  });

  it('uses the singular for one', () => {
    expect(importSummary({ imported: 1, created: 1, updated: 1, skipped: 1 })).toBe(
      '1 importado: 1 nuevo, 1 actualizado, 1 omitido',
    );
  });

  it('explains the skipped staff rows', () => {
    expect(skippedNote({ entity: 'administrativos', skipped: 3 })).toBe(
      '3 filas se omitieron porque su TIPO es un tipo de persona de Power Campus.',
    );
    expect(skippedNote({ entity: 'administrativos', skipped: 1 })).toBe(
      '1 fila se omitió porque su TIPO es un tipo de persona de Power Campus.',
    );
    expect(skippedNote({ entity: 'alumnos', skipped: 0 })).toBeNull();
  });

  it('orders the errors by line and shows a missing column as a dash', () => {
    expect(
      errorRows([
        { row: 5, field: 'campus', message: 'No existe el campus «Narnia»' },
        { row: 2, message: 'El archivo no es un CSV válido' },
      ]),
    ).toEqual([
      { row: 2, field: '—', message: 'El archivo no es un CSV válido' },
      { row: 5, field: 'campus', message: 'No existe el campus «Narnia»' },
    ]);
  });
});

describe('importReportFromError', () => {
  const report = {
    entity: 'docentes',
    imported: 0,
    created: 0,
    updated: 0,
    skipped: 0,
    errors: [{ row: 2, field: 'pc_id', message: 'pc_id debe tener exactamente 9 dígitos' }],
  };

  it('reads the report a refused import sends next to its error', () => {
    const error = ApiError.fromResponse(422, {
      error: { code: 'VALIDATION_FAILED', message: 'El archivo tiene 1 error; no se importó nada.' },
      report,
    });
    expect(importReportFromError(error)).toEqual(report);
    expect(error.message).toBe('El archivo tiene 1 error; no se importó nada.');
  });

  it('is null for other failures', () => {
    expect(importReportFromError(ApiError.fromResponse(403, { error: { code: 'FORBIDDEN', message: 'No' } }))).toBeNull();
    expect(
      importReportFromError(
        ApiError.fromResponse(422, { error: { code: 'VALIDATION_FAILED', message: 'x', fields: { csv: ['El archivo está vacío'] } } }),
      ),
    ).toBeNull();
    expect(importReportFromError(new Error('x'))).toBeNull();
  });
});

describe('import progress', () => {
  it('names each import with 32 hex digits the server accepts, a new one each time', () => {
    const id = newProgressId();
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(newProgressId()).not.toBe(id);
  });

  it.each([
    [{ phase: 'reading', done: 50, total: 200 }, 'Leyendo el archivo…', 3],
    [{ phase: 'checking', done: 40_000, total: 100_000 }, 'Revisando filas: 40,000 de 100,000', 22],
    [{ phase: 'writing', done: 0, total: 0 }, 'Guardando: 0 de 0 filas', 40],
    [{ phase: 'writing', done: 50_000, total: 100_000 }, 'Guardando: 50,000 de 100,000 filas', 70],
    [{ phase: 'writing', done: 100_000, total: 100_000 }, 'Guardando: 100,000 de 100,000 filas', 100],
  ] as const)('shows %j as «%s» at %i %% of the whole import', (progress, text, percent) => {
    expect(progressView(progress)).toEqual({ text, percent });
  });
});
