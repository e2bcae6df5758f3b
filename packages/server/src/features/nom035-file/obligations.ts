/**
 * The state of each NOM-035 obligation of a campus, computed in one place
 * from what the file loaded (service.ts): numeral, our Spanish title, whether
 * numeral 2 asks it of the campus's headcount, cumplido / pendiente / vencido
 * and the evidence behind it. Pure: the tests and the file agree on `today`.
 */
import {
  guideIIISampleSize,
  headcountBand,
  NOTICE_ITEMS,
  type ActionState,
  type Evidence,
  type Nom035CampusFile,
  type Nom035FileApplication,
  type NoticeItem,
  type Obligation,
} from '@encuestas/core/api/nom035-file';
import { displayDay } from '@encuestas/core/dates';
import { countOf, formatCount } from '@encuestas/core/format';

export interface SuggestionCounts {
  open: boolean;
  since: string;
  total: number;
  closed: number;
  byCategory: { name: string; n: number }[];
  byResolution: { name: string; n: number }[];
}

export interface ObligationInput {
  today: string;
  headcount: number;
  band: Nom035CampusFile['band'];
  /** The campus's setting: 'auto' follows the headcount, 'II' or 'III' forces a guide. */
  guideSetting: string;
  policy: Nom035CampusFile['policy'];
  notices: Nom035CampusFile['notices'];
  applications: readonly Nom035FileApplication[];
  referrals: Nom035CampusFile['referrals'];
  suggestions: SuggestionCounts;
  minGroupSize: number;
}

const REFERRALS_PAGE = '/admin/nom035';
const SUGGESTIONS_PAGE = '/admin/buzon';
const RESULTS_PAGE = '/admin/resultados';

const item = (label: string, value: string, link: string | null = null): Evidence => ({ label, value, link });
const day = (value: string | null | undefined) => (value ? displayDay(value) : 'sin fecha');

/** `day` (YYYY-MM-DD) plus whole years; 29 February falls on 28 February in a common year. */
export function addYears(isoDay: string, years: number): string {
  const [y, m, d] = isoDay.split('-').map(Number) as [number, number, number];
  const year = y + years;
  const last = new Date(Date.UTC(year, m, 0)).getUTCDate();
  return `${year}-${String(m).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/** The application the norm's clock and report go by: the newest that has started (`applications` newest first). */
export function lastApplied<T extends Pick<Nom035FileApplication, 'startActive'>>(applications: readonly T[], today: string): T | undefined {
  return applications.find((application) => application.startActive <= today);
}

/** 7.9: the next evaluation is due at most two years after the last one ended. */
export const nextEvaluationDue = (last: Pick<Nom035FileApplication, 'endActive'>): string => addYears(last.endActive, 2);

const ACTION_STATE_COUNTS: Readonly<Record<ActionState, string>> = { pending: 'Acciones pendientes', inProgress: 'Acciones en curso', done: 'Acciones hechas' };

const NO_APPLICATION = 'Aún no hay una aplicación de la NOM-035 en este campus.';

export function obligations(input: ObligationInput): Obligation[] {
  const { today, band } = input;
  const small = band === 'upTo15';
  const last = lastApplied(input.applications, today);
  const riskNumeral = (numeral: string, title: string, compute: () => Omit<Obligation, 'numeral' | 'title' | 'applies'>): Obligation =>
    small
      ? { numeral, title, applies: false, state: 'noAplica', detail: 'Con 15 trabajadores o menos, el numeral 2 no lo pide.', evidence: [] }
      : { numeral, title, applies: true, ...compute() };

  return [
    policyObligation(input),
    noticesObligation(input, last),
    riskNumeral('5.8 a)', 'Registro de los resultados de cada aplicación', () => resultsRecord(input)),
    riskNumeral('5.8 b)', 'Registro de las medidas de control adoptadas', () => controlRecord(last)),
    riskNumeral('5.8 c)', 'Registro de los trabajadores canalizados a valoración clínica', () => referralRecord(input)),
    riskNumeral(band === 'over50' ? '7.1 b)' : '7.1 a)', 'Identificación y análisis con la guía que corresponde a la plantilla', () => guideApplied(input, last)),
    riskNumeral('7.7', 'Informe de resultados', () => reportState(last)),
    riskNumeral('7.8', 'Resultados a disposición de los trabajadores', () => resultsPublished(input, last)),
    riskNumeral('7.9', 'Evaluación al menos cada dos años', () => nextEvaluation(today, last)),
    complaintChannel(input.suggestions),
    riskNumeral('8.3–8.5', 'Programa de intervención con su avance', () => program(input, last)),
    {
      numeral: '10.4',
      title: 'Conservación de los registros por al menos un año',
      applies: true,
      state: 'cumplido',
      detail: 'La plataforma no borra estos registros: una corrección los cambia y la bitácora guarda lo anterior.',
      evidence: [
        item('Aplicaciones', formatCount(input.applications.length)),
        item('Registros de difusión', formatCount(input.notices.length)),
        item('Acciones del programa', formatCount(input.applications.reduce((sum, a) => sum + a.actions.length, 0))),
      ],
    },
  ];
}

function policyObligation({ policy }: ObligationInput): Obligation {
  const missing = [
    policy && (policy.text || policy.documentRef) ? null : 'el texto o la referencia al documento',
    policy?.adoptedOn ? null : 'la fecha en que se adoptó',
    policy?.madeKnownOn ? null : 'la fecha en que se difundió',
  ].filter((part): part is string => part !== null);
  return {
    numeral: '5.1',
    title: 'Política de prevención de riesgos psicosociales',
    applies: true,
    state: missing.length ? 'pendiente' : 'cumplido',
    detail: missing.length ? `Falta registrar ${missing.join(', ')}.` : 'La política está escrita, adoptada y difundida.',
    evidence: policy
      ? [
          item('Adoptada el', day(policy.adoptedOn)),
          item('Difundida el', day(policy.madeKnownOn)),
          ...(policy.documentRef ? [item('Documento', policy.documentRef)] : []),
        ]
      : [],
  };
}

function noticesObligation({ notices, band }: ObligationInput, last: Nom035FileApplication | undefined): Obligation {
  // e) needs results to tell: only where chapter 7 applies and there has been an application.
  const required = (Object.keys(NOTICE_ITEMS) as NoticeItem[]).filter((key) => key !== 'results' || (band !== 'upTo15' && last));
  const latest = (key: NoticeItem) => notices.filter((n) => n.item === key).sort((a, b) => b.givenOn.localeCompare(a.givenOn))[0];
  const missing = required.filter((key) => {
    const found = latest(key);
    // The results made known must be those of the last application, not an older one.
    return !found || (key === 'results' && last && found.givenOn < last.startActive);
  });
  return {
    numeral: '5.7',
    title: 'Información difundida a los trabajadores',
    applies: true,
    state: missing.length ? 'pendiente' : 'cumplido',
    detail: missing.length
      ? `Falta registrar que se informó: ${missing.map((key) => NOTICE_ITEMS[key].split(')')[0] + ')').join(', ')}.`
      : 'Se registró la difusión de cada inciso.',
    evidence: required.flatMap((key) => {
      const found = latest(key);
      return found ? [item(NOTICE_ITEMS[key], `${day(found.givenOn)}: ${found.how}`)] : [];
    }),
  };
}

function resultsRecord({ applications, today }: ObligationInput) {
  const applied = applications.filter((a) => a.startActive <= today);
  const answered = applied.filter((a) => a.guides.some((g) => g.respondents > 0));
  return {
    state: answered.length ? ('cumplido' as const) : ('pendiente' as const),
    detail: answered.length ? 'La plataforma guarda los resultados de cada aplicación.' : 'Aún no hay respuestas de la Guía II o III.',
    evidence: applied.map((a) =>
      item(
        `${a.periodo} (${day(a.startActive)} a ${day(a.endActive)})`,
        a.guides.length ? a.guides.map((g) => `Guía ${g.guide}: ${countOf(g.respondents, 'respuesta', 'respuestas')}`).join('; ') : 'sin respuestas',
        RESULTS_PAGE,
      ),
    ),
  };
}

/** Categories and domains at Medio or above with no action answering them. */
const uncovered = (application: Nom035FileApplication) => application.groups.filter((g) => g.needsAction && !g.covered);
const withheldAll = (application: Nom035FileApplication) => application.guides.length > 0 && application.guides.every((g) => g.withheld);

function controlRecord(last: Nom035FileApplication | undefined) {
  if (!last) return { state: 'pendiente' as const, detail: NO_APPLICATION, evidence: [] };
  const needs = last.groups.filter((g) => g.needsAction);
  const done = last.actions.filter((a) => a.state === 'done').length;
  const evidence = [item('Medidas registradas', formatCount(last.actions.length)), item('Medidas hechas', formatCount(done))];
  if (needs.length === 0 && !withheldAll(last)) {
    return { state: 'cumplido' as const, detail: 'Los resultados de la última aplicación no piden medidas de control.', evidence };
  }
  return last.actions.length
    ? { state: 'cumplido' as const, detail: 'Las medidas adoptadas están en el programa de intervención.', evidence }
    : { state: 'pendiente' as const, detail: 'Los resultados piden medidas de control y aún no se registra ninguna.', evidence };
}

function referralRecord({ referrals }: ObligationInput) {
  const evidence = [
    item('Canalizaciones', formatCount(referrals.total), REFERRALS_PAGE),
    item('Atendidas', formatCount(referrals.attended), REFERRALS_PAGE),
    ...(referrals.names ?? []).map((r) => item(r.fullName, `${r.periodo}: ${r.attended ? 'atendida' : 'pendiente'}`, REFERRALS_PAGE)),
  ];
  return {
    state: 'cumplido' as const,
    detail:
      referrals.names === null
        ? 'La plataforma guarda a quién canaliza la Guía I. Los nombres solo los ve quien tiene el permiso «Ver Canalizaciones NOM-035».'
        : 'La plataforma guarda a quién canaliza la Guía I y su seguimiento.',
    evidence,
  };
}

function guideApplied(input: ObligationInput, last: Nom035FileApplication | undefined) {
  if (!last) return { state: 'pendiente' as const, detail: NO_APPLICATION, evidence: [item('Plantilla actual', countOf(input.headcount, 'trabajador', 'trabajadores'))] };
  // The workforce when the application ran (counted at its first answer); today's until someone answers.
  const headcount = last.headcount?.workers ?? input.headcount;
  const headcountLabel = !last.headcount ? 'Plantilla actual' : last.headcount.takenOn ? `Plantilla contada el ${day(last.headcount.takenOn)}` : 'Plantilla al aplicar';
  const expected: 'II' | 'III' =
    input.guideSetting === 'II' || input.guideSetting === 'III' ? input.guideSetting : headcountBand(headcount) === 'over50' ? 'III' : 'II';
  const answered = last.guides.find((g) => g.guide === expected);
  const required = expected === 'II' ? headcount : guideIIISampleSize(headcount);
  const why =
    expected === 'II'
      ? 'La Guía II se aplica a todos los trabajadores.'
      : `La Guía III admite una muestra representativa (numeral III.1): ${countOf(required, 'trabajador', 'trabajadores')} de ${formatCount(headcount)}.`;
  const evidence = [
    item(headcountLabel, countOf(headcount, 'trabajador', 'trabajadores')),
    item('Guía que corresponde', `Guía ${expected}${input.guideSetting === expected ? ' (fijada en el campus)' : ''}`),
    item('Guía aplicada', last.guides.length ? last.guides.map((g) => `Guía ${g.guide}`).join(' y ') : 'ninguna respuesta aún', RESULTS_PAGE),
    item('Respuestas', formatCount(answered?.respondents ?? 0)),
    item('Respuestas requeridas', formatCount(required)),
  ];
  if (!answered) {
    return { state: 'pendiente' as const, detail: `En ${last.periodo} no se respondió la Guía ${expected}, que corresponde a la plantilla. ${why}`, evidence };
  }
  if (answered.respondents < required) {
    return { state: 'pendiente' as const, detail: `Respondieron ${formatCount(answered.respondents)} de las ${formatCount(required)} respuestas requeridas. ${why}`, evidence };
  }
  return { state: 'cumplido' as const, detail: `Se aplicó la Guía ${expected} en ${last.periodo}. ${why}`, evidence };
}

function reportState(last: Nom035FileApplication | undefined) {
  if (!last) return { state: 'pendiente' as const, detail: NO_APPLICATION, evidence: [] };
  const methods = last.guides.map((g) => `Guía de referencia ${g.guide} del DOF`).join(' y ') || 'sin respuestas aún';
  const evidence = [
    item('Aplicación', `${last.periodo} (${day(last.startActive)} a ${day(last.endActive)})`),
    item('d) Método', methods),
    item('e) Resultados', 'De las respuestas de la aplicación', RESULTS_PAGE),
    ...(last.report ? [item('Última edición', day(last.report.updatedAt.slice(0, 10)))] : []),
  ];
  return last.missingReportFields.length
    ? { state: 'pendiente' as const, detail: `Faltan: ${last.missingReportFields.join('; ')}.`, evidence }
    : { state: 'cumplido' as const, detail: 'El informe tiene todos sus datos.', evidence };
}

/** 7.8: the last application's summary published to the campus's staff (small-group rule and all, staff-routes.ts). */
function resultsPublished({ today, minGroupSize }: ObligationInput, last: Nom035FileApplication | undefined) {
  if (!last) return { state: 'pendiente' as const, detail: NO_APPLICATION, evidence: [] };
  const { publication } = last;
  if (publication) {
    return {
      state: 'cumplido' as const,
      detail: `El resumen de resultados de ${last.periodo} está publicado al personal del campus en su área de encuestas.`,
      evidence: [item('Publicado el', day(publication.publishedOn)), ...(publication.publishedBy ? [item('Publicó', publication.publishedBy)] : [])],
    };
  }
  const detail =
    last.endActive >= today
      ? `La aplicación ${last.periodo} sigue abierta: sus resultados se publican al personal cuando cierre.`
      : withheldAll(last) || last.guides.length === 0
        ? `Respondieron menos de ${formatCount(minGroupSize)} personas: no hay resultados que publicar sin romper la regla de grupos pequeños.`
        : `Falta publicar al personal el resumen de resultados de ${last.periodo} (en «Informe y programa»).`;
  return { state: 'pendiente' as const, detail, evidence: [] };
}

function nextEvaluation(today: string, last: Nom035FileApplication | undefined) {
  if (!last) return { state: 'pendiente' as const, detail: NO_APPLICATION, evidence: [] };
  const due = nextEvaluationDue(last);
  const evidence = [item('Última evaluación', `${last.periodo}, terminó el ${day(last.endActive)}`), item('Próxima a más tardar', day(due))];
  return today > due
    ? { state: 'vencido' as const, detail: `La siguiente evaluación debió hacerse a más tardar el ${day(due)}.`, evidence }
    : { state: 'cumplido' as const, detail: `La siguiente evaluación debe hacerse a más tardar el ${day(due)}.`, evidence };
}

function complaintChannel(counts: SuggestionCounts): Obligation {
  return {
    numeral: '8.1 b)',
    title: 'Mecanismo seguro y confidencial de quejas y denuncias',
    applies: true,
    state: counts.open ? 'cumplido' : 'pendiente',
    detail: counts.open
      ? 'El buzón de sugerencias del campus está abierto y es confidencial. Aquí solo se cuentan sus comentarios, nunca se muestran.'
      : 'El buzón de sugerencias del campus está cerrado: ábrelo para que el personal pueda presentar quejas.',
    evidence: [
      item(`Comentarios recibidos desde el ${day(counts.since)}`, formatCount(counts.total), SUGGESTIONS_PAGE),
      item('Cerrados', formatCount(counts.closed), SUGGESTIONS_PAGE),
      ...counts.byCategory.map((c) => item(`Categoría: ${c.name}`, formatCount(c.n))),
      ...counts.byResolution.map((r) => item(`Resolución: ${r.name}`, formatCount(r.n))),
    ],
  };
}

function program(input: ObligationInput, last: Nom035FileApplication | undefined) {
  if (!last) return { state: 'pendiente' as const, detail: NO_APPLICATION, evidence: [] };
  const actions = input.applications.flatMap((a) => a.actions);
  const overdue = actions.filter((a) => a.overdue);
  const evidence = [
    ...(Object.keys(ACTION_STATE_COUNTS) as ActionState[]).map((state) => item(ACTION_STATE_COUNTS[state], formatCount(last.actions.filter((a) => a.state === state).length))),
    item('Acciones vencidas', formatCount(overdue.length)),
  ];
  if (overdue.length) {
    return { state: 'vencido' as const, detail: `Hay ${countOf(overdue.length, 'acción vencida', 'acciones vencidas')}: su fecha pasó y no está hecha.`, evidence };
  }
  if (withheldAll(last)) {
    return {
      state: 'pendiente' as const,
      detail: `Respondieron menos de ${formatCount(input.minGroupSize)} personas: los resultados no se muestran y no se sabe qué categorías piden acciones.`,
      evidence,
    };
  }
  const missing = uncovered(last);
  if (missing.length) {
    return { state: 'pendiente' as const, detail: `Falta una acción para: ${missing.map((g) => g.name).join(', ')}.`, evidence };
  }
  return {
    state: 'cumplido' as const,
    detail: last.groups.some((g) => g.needsAction)
      ? 'Cada categoría y dominio en nivel medio o superior tiene al menos una acción.'
      : 'Ninguna categoría ni dominio llegó a nivel medio: no se requiere programa.',
    evidence,
  };
}
