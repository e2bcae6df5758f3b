import { beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { ReportQuestionnaire } from '@encuestas/core/api/reports';
import type { Nom035Index, Nom035Report } from '@encuestas/core/survey-kinds/nom035/report-contract';
import { PERMISSIONS } from '@encuestas/core/permissions';
import { RISK_LEVELS } from '@encuestas/core/survey-kinds/nom035/risk-levels';
import { answer, renderScreen, signInAdmin } from '../../../test-support/dom-harness';
import Nom035Panel from '../kinds/nom035/nom035-panel';
import { SectionResults } from './section-results';

const LONG_QUESTION = 'El personal de servicios escolares resolvió mis trámites con rapidez, amabilidad y sin pedirme volver otro día';
const RATING = [
  ['excelente', 'Excelente', 100],
  ['muyBuena', 'Muy buena', 55],
  ['buena', 'Buena', 50],
  ['regular', 'Regular', 30],
  ['mala', 'Mala', 15],
  ['na', 'No aplica', 12],
] as const;

const questionnaire: ReportQuestionnaire = {
  id: 'alumnos-servicios-a',
  version: 1,
  title: 'Servicios A',
  sections: [
    {
      id: 'school-services',
      title: 'Servicios escolares',
      average: 3.68,
      scored: 250,
      items: [
        {
          id: 'schoolServices',
          text: LONG_QUESTION,
          type: 'rating',
          distribution: RATING.map(([value, label, n]) => ({ value, label, n })),
          average: 3.68,
          scored: 250,
          shareBase: 262,
          withheld: false,
          otherList: null,
        },
      ],
    },
  ],
};

beforeEach(() => signInAdmin([PERMISSIONS.viewCampusReports]));

describe('a section as diverging bars', () => {
  it('names the figure, keeps the full question, writes each side as a percentage beside its count, and holds its table', async () => {
    const { user } = renderScreen(<SectionResults questionnaires={[questionnaire]} withheldExplanation="Muy pocas respuestas." />);
    const figure = await screen.findByRole('figure', { name: 'Servicios escolares' });
    // The whole question, never cut at 25 characters.
    expect(within(figure).getByText(`1. ${LONG_QUESTION}`)).toBeTruthy();
    expect(within(figure).getByText('Favorable 62% (155) · Neutral 20% (50) · Desfavorable 18% (45) · No aplica 12 · Promedio 3.68')).toBeTruthy();
    expect(within(figure).queryByRole('table')).toBeNull();

    await user.click(within(figure).getByRole('button', { name: 'Ver tabla' }));
    const table = within(figure).getByRole('table', { name: 'Servicios escolares' });
    const row = within(table).getByRole('row', { name: new RegExp(LONG_QUESTION) });
    const cells = within(row).getAllByRole('cell').map((cell) => cell.textContent);
    // Each option's share of the 250 that took a side, beside its count; 'No aplica' a count apart; the answers; the average.
    expect(cells).toEqual(['40% (100)', '22% (55)', '20% (50)', '12% (30)', '6% (15)', '12', '262', '3.68']);
  });

  it('says a withheld item is hidden, with the reason, instead of drawing it', async () => {
    const withheld = structuredClone(questionnaire);
    withheld.sections[0]!.items[0] = { ...withheld.sections[0]!.items[0]!, withheld: true, distribution: [], average: null };
    renderScreen(<SectionResults questionnaires={[withheld]} withheldExplanation="Muy pocas respuestas." />);
    const figure = await screen.findByRole('figure', { name: 'Servicios escolares' });
    expect(within(figure).getByText('Oculto: Muy pocas respuestas.')).toBeTruthy();
  });
});

const LONG_CHANNEL = 'Recomendación de un familiar, amigo o egresado de la universidad';
const channels: ReportQuestionnaire = {
  id: 'alumnos-nuevo-ingreso',
  version: 3,
  title: 'Encuesta de nuevo ingreso',
  sections: [
    {
      id: 'marketing',
      title: 'Cómo nos conociste',
      average: null,
      scored: 0,
      items: [
        {
          id: 'knowChannels',
          text: '¿Por qué medios te enteraste de la universidad?',
          type: 'multiple',
          distribution: [
            { value: 'facebook', label: 'Facebook', n: 20 },
            { value: 'family', label: LONG_CHANNEL, n: 12 },
            { value: 'otro', label: 'Otro', n: 3 },
          ],
          average: null,
          scored: 0,
          shareBase: 35,
          withheld: false,
          otherList: null,
        },
        {
          id: 'transportationMode',
          text: '¿Cómo llegas normalmente a la universidad?',
          type: 'single',
          distribution: Array.from({ length: 20 }, (_, i) => ({ value: `m${i}`, label: `Medio de transporte número ${i + 1} de la lista`, n: 20 - i })),
          average: null,
          scored: 0,
          shareBase: 210,
          withheld: false,
          otherList: null,
        },
      ],
    },
  ],
};

describe('a choice as bars', () => {
  it('keeps every answer\'s whole name and writes its count beside its share of who answered, in the chart and its table', async () => {
    const { user } = renderScreen(<SectionResults questionnaires={[channels]} withheldExplanation="Muy pocas respuestas." />);
    const figure = await screen.findByRole('figure', { name: '1. ¿Por qué medios te enteraste de la universidad?' });
    // A person may pick several: shares of the 35 who answered the survey, not adding up to 100.
    expect(within(figure).getByText('Respuestas por opción y porcentaje de quienes respondieron la encuesta (35); cada persona pudo elegir varias, así que los porcentajes no suman 100 %')).toBeTruthy();
    const items = within(figure).getAllByRole('listitem').map((item) => item.textContent);
    expect(items).toEqual(['Facebook20 · 57.1%', `${LONG_CHANNEL}12 · 34.3%`, 'Otro3 · 8.6%']);

    await user.click(within(figure).getByRole('button', { name: 'Ver tabla' }));
    const table = within(figure).getByRole('table', { name: '1. ¿Por qué medios te enteraste de la universidad?' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Respuesta', 'Respuestas', 'Porcentaje']);
    const row = within(table).getByRole('row', { name: new RegExp(LONG_CHANNEL) });
    expect(within(row).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['12', '34.3%']);
  });

  it('draws the 15 most chosen answers of a long list, a share of those who answered the question, and its table lists them all', async () => {
    const { user } = renderScreen(<SectionResults questionnaires={[channels]} withheldExplanation="Muy pocas respuestas." />);
    const figure = await screen.findByRole('figure', { name: '2. ¿Cómo llegas normalmente a la universidad?' });
    expect(
      within(figure).getByText('Respuestas por opción y porcentaje de quienes respondieron la pregunta (210) · las 15 más elegidas; la tabla las lista todas'),
    ).toBeTruthy();
    expect(within(figure).getAllByRole('listitem')).toHaveLength(15);
    expect(within(figure).getByText('Medio de transporte número 1 de la lista')).toBeTruthy();
    expect(within(figure).getByText('20 · 9.5%')).toBeTruthy();
    expect(within(figure).queryByText('Medio de transporte número 16 de la lista')).toBeNull();
    await user.click(within(figure).getByRole('button', { name: 'Ver tabla' }));
    expect(within(figure).getByText('1–10 de 20')).toBeTruthy();
  });

  it('says a withheld choice is hidden instead of drawing it or giving a base', async () => {
    const withheld = structuredClone(channels);
    withheld.sections[0]!.items = [{ ...withheld.sections[0]!.items[0]!, withheld: true, distribution: [], shareBase: 0 }];
    renderScreen(<SectionResults questionnaires={[withheld]} withheldExplanation="Muy pocas respuestas." />);
    const figure = await screen.findByRole('figure', { name: '1. ¿Por qué medios te enteraste de la universidad?' });
    expect(within(figure).getByText('Muy pocas respuestas.')).toBeTruthy();
    expect(within(figure).queryByText(/porcentaje de quienes/)).toBeNull();
    expect(within(figure).queryByRole('button', { name: 'Ver tabla' })).toBeNull();
  });
});

const levels = RISK_LEVELS.map((l) => ({ key: l.key, label: l.label, color: l.color, criteria: `Criterio del nivel ${l.label}` }));
const cuts = [0, 20, 45, 70, 90];
const group = (scope: 'final' | 'category' | 'domain', name: string, counts: number[], averageScore: number, averageLevel: (typeof RISK_LEVELS)[number]['key']) => ({
  scope,
  key: scope === 'final' ? '' : name,
  name,
  categoryId: null,
  levels: RISK_LEVELS.map((l, i) => ({ level: l.key, min: cuts[i]!, max: cuts[i + 1] ?? null, n: counts[i]! })),
  averageScore,
  averageLevel,
});
const application = {
  id: 7,
  campus: { id: 1, nombre: 'Puebla' },
  periodo: { id: 5, nombre: '2026B' },
  startActive: '2026-09-01',
  endActive: '2026-09-30',
  respondents: 8,
  withheld: false,
};
const nom035Report: Nom035Report = {
  application,
  minGroupSize: 5,
  withheldExplanation: 'Muy pocas respuestas.',
  levels,
  guides: [
    {
      guide: 'II',
      title: 'Guía de referencia II',
      respondents: 8,
      withheld: false,
      groups: [
        group('final', 'Calificación final del cuestionario', [0, 1, 2, 4, 1], 81.9, 'alto'),
        group('domain', 'Falta de control sobre el trabajo', [1, 2, 3, 1, 1], 9.5, 'medio'),
      ],
    },
  ],
  commentsNote: 'La guía del DOF no tiene preguntas abiertas.',
};

describe('the NOM-035 report', () => {
  it('opens with the final score and its level, then the domains by full name, the DOF criteria folded after them', async () => {
    answer('GET /reports/nom035/applications', { scope: {}, minGroupSize: 5, applications: [application], total: 1 } as unknown as Nom035Index);
    answer('GET /reports/nom035/applications/7', nom035Report);
    const filters = { cicleId: 3, periodoId: 5, campusId: 1, from: null, to: null };
    renderScreen(<Nom035Panel filters={filters} overview={{} as never} />);

    const score = await screen.findByText('Calificación final 81.90 · Alto');
    const domain = screen.getByText('Falta de control sobre el trabajo');
    const criteria = screen.getByRole('button', { name: 'Niveles de riesgo y criterios de acción (DOF)' });
    const applications = screen.getByRole('table', { name: 'Aplicaciones de la NOM-035' });
    const follows = (a: Node, b: Node) => Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
    expect(follows(score, domain)).toBe(true);
    expect(follows(domain, criteria)).toBe(true);
    expect(follows(criteria, applications)).toBe(true);
    expect(criteria.getAttribute('aria-expanded')).toBe('false');

    // 1, 2, 3, 1, 1 of 8: the half points go to the first ties, so the shares add up to 100.
    const domains = screen.getByRole('figure', { name: 'Trabajadores por nivel en cada dominio' });
    expect(within(domains).getByText('Nulo o despreciable 13% (1) · Bajo 25% (2) · Medio 38% (3) · Alto 12% (1) · Muy alto 12% (1) · Puntaje promedio 9.50 (Medio)')).toBeTruthy();
  });
});
