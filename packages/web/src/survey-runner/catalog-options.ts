import { allItems } from '@encuestas/core/survey-engine/answer-rules';
import type { Answers, Catalogs, ChoiceItem, ChoiceOption, Questionnaire } from '@encuestas/core/survey-engine/types';

/** Catalogues the web takes from core (INEGI) rather than from GET /catalogs. */
export const CORE_GEO_CATALOGS = ['mxStates', 'mxMunicipios'] as const;

/** Whether the questionnaire asks from the INEGI catalogues (then the web loads them, ~60 KB, on demand). */
export function needsGeoCatalogs(questionnaire: Questionnaire): boolean {
  return questionnaire.sections.some((section) =>
    section.items.some(
      (item) => (item.type === 'single' || item.type === 'multiple') && (CORE_GEO_CATALOGS as readonly string[]).includes(item.catalog ?? ''),
    ),
  );
}

/** The server's catalogues plus core's; core's win for the names it owns. */
export function mergeCatalogs(server: Catalogs | undefined, core: Catalogs | undefined): Catalogs {
  return { ...(server ?? {}), ...(core ?? {}) };
}

export interface ItemOptions {
  options: readonly ChoiceOption[];
  /** The parent item still unanswered (municipio before state): nothing to choose yet. */
  waitingForParent: boolean;
}

/** The options of a choice item: inline, or its catalogue filtered by the parent answer; then its 'other' option. */
export function optionsFor(item: ChoiceItem, catalogs: Catalogs, answers: Answers): ItemOptions {
  const withOther = (options: readonly ChoiceOption[]): ItemOptions => ({
    options: item.otherOption ? [...options, item.otherOption] : options,
    waitingForParent: false,
  });
  if (item.options) return withOther(item.options);
  const entries = item.catalog ? (catalogs[item.catalog] ?? []) : [];
  if (!item.catalogParentItem) return withOther(entries);
  const parent = answers[item.catalogParentItem];
  if (parent === undefined || parent === '' || Array.isArray(parent)) return { options: [], waitingForParent: true };
  return withOther(entries.filter((entry) => entry.parent === String(parent)));
}

/**
 * The answers without any choice the form no longer offers. A draft saved before the
 * catalogues changed (an entry disabled, or the serial ids answers held before codes)
 * would otherwise look answered with nothing selected and fail only at 'Enviar'; its
 * question shows unanswered instead (the whole answer of a multiple choice, so no
 * half-kept list passes unnoticed). Items in order, so a dropped state drops its municipio.
 */
export function withoutUnofferedChoices(questionnaire: Questionnaire, catalogs: Catalogs, answers: Answers): Answers {
  const kept: Answers = { ...answers };
  for (const item of allItems(questionnaire)) {
    const value = kept[item.id];
    if ((item.type !== 'single' && item.type !== 'multiple') || value === undefined) continue;
    const offered = new Set(optionsFor(item, catalogs, kept).options.map((option) => option.value));
    if (![value].flat().every((chosen) => offered.has(String(chosen)))) delete kept[item.id];
  }
  return kept;
}

/** Lists longer than this are a searchable field rather than option cards (states, municipios). */
export const LONG_LIST_THRESHOLD = 12;

/** Items whose options depend on this item's answer (a changed state invalidates the municipio). */
export function dependentItems(questionnaire: Questionnaire, itemId: string): string[] {
  return questionnaire.sections.flatMap((section) =>
    section.items.filter((item) => (item.type === 'single' || item.type === 'multiple') && item.catalogParentItem === itemId).map((item) => item.id),
  );
}
