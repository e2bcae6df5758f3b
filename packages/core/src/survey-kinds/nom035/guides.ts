/**
 * NOM-035-STPS-2018 questionnaires (Guías de referencia I, II and III), built
 * from the norm's data in ./data (source: DOF 23/10/2018; item texts verbatim,
 * per-item scores of Tabla 2 / Tabla 5, groupings of Tabla 3 / Tabla 6 and the
 * thresholds of II.3 c) / III.3 c)).
 */
import guia1 from './data/guia1.json';
import guia2 from './data/guia2.json';
import guia3 from './data/guia3.json';
import { FREQUENCY_LABELS, FREQUENCY_VALUES, type FrequencyValue, type Item, type Questionnaire, type Section } from '../../survey-engine/types';

export type GuideId = 'I' | 'II' | 'III';

interface RiskGuideData {
  title: string;
  items: { number: number; text: string; gate: string | null; scores: Record<string, number>; domainId: string; categoryId: string }[];
  sections: {
    id: string;
    items: number[];
    instruction?: string | null;
    introBeforeGate?: string | null;
    gate?: { id: string; text: string; textAfterGate: string; askGatedItemsWhen: string; gatedItems: number[] };
  }[];
  categories: { id: string; name: string; items: number[] }[];
  domains: { id: string; name: string; categoryId: string; items: number[] }[];
  thresholds: { final: number[]; categories: Record<string, number[]>; domains: Record<string, number[]> };
}

export const GUIDE_DATA: { II: RiskGuideData; III: RiskGuideData } = {
  II: guia2 as RiskGuideData,
  III: guia3 as RiskGuideData,
};

export const itemId = (number: number) => `q${number}`;

/** Frequency scores of an item keyed by our answer values (the data keys them by Spanish label). */
function frequencyScores(byLabel: Record<string, number>): Record<FrequencyValue, number> {
  return Object.fromEntries(
    FREQUENCY_VALUES.map((value) => {
      const score = byLabel[FREQUENCY_LABELS[value]];
      if (score === undefined) throw new Error(`NOM-035 data lacks a score for ${FREQUENCY_LABELS[value]}`);
      return [value, score];
    }),
  ) as Record<FrequencyValue, number>;
}

function riskGuideQuestionnaire(guide: 'II' | 'III'): Questionnaire {
  const data = GUIDE_DATA[guide];
  const byNumber = new Map(data.items.map((item) => [item.number, item]));
  const sections: Section[] = data.sections.map((section, index) => {
    const items: Item[] = [];
    if (section.gate) {
      items.push({ id: section.gate.id, type: 'yesNo', text: section.gate.text, help: section.gate.textAfterGate });
    }
    for (const number of section.items) {
      const item = byNumber.get(number);
      if (!item) throw new Error(`NOM-035 Guía ${guide}: item ${number} missing`);
      items.push({
        id: itemId(number),
        type: 'frequency',
        text: item.text,
        scores: frequencyScores(item.scores),
        ...(item.gate ? { gate: { anyOf: [{ item: item.gate, in: ['yes'] }] } } : {}),
      });
    }
    const description = [section.introBeforeGate, section.instruction].filter(Boolean).join(' ');
    return { id: section.id, title: `Parte ${index + 1} de ${data.sections.length}`, ...(description ? { description } : {}), items };
  });
  return {
    id: `nom035-guia${guide === 'II' ? '2' : '3'}`,
    version: 1,
    title: data.title,
    instructions: [
      'Este cuestionario forma parte de la NOM-035-STPS-2018. Sus respuestas son confidenciales: nadie verá sus respuestas individuales y los resultados se presentan solo en conjunto.',
      'Para responder, considere las condiciones de su trabajo de los últimos dos meses.',
      'Responda todas las preguntas; no hay respuestas correctas ni incorrectas.',
    ],
    sections,
  };
}

function guideOneQuestionnaire(): Questionnaire {
  const firstSectionItems = guia1.sections[0]!.items.map(itemId);
  const anyYesInSectionI = { anyOf: firstSectionItems.map((id) => ({ item: id, in: ['yes'] })) };
  return {
    id: 'nom035-guia1',
    version: 1,
    title: guia1.title,
    instructions: [
      'Este cuestionario forma parte de la NOM-035-STPS-2018. Sus respuestas son confidenciales.',
      guia1.instruction,
    ],
    sections: guia1.sections.map((section) => ({
      id: section.id,
      title: section.heading,
      ...(section.leadIn ? { description: section.leadIn } : {}),
      ...(section.id === 'I' ? {} : { gate: anyYesInSectionI }),
      items: section.items.map((number) => {
        const item = guia1.items.find((i) => i.number === number)!;
        return { id: itemId(number), type: 'yesNo' as const, text: item.text };
      }),
    })),
  };
}

export const NOM035_QUESTIONNAIRES: Record<GuideId, Questionnaire> = {
  I: guideOneQuestionnaire(),
  II: riskGuideQuestionnaire('II'),
  III: riskGuideQuestionnaire('III'),
};

/** Workers above which a campus answers Guía III instead of Guía II (numeral 7.1). */
export const GUIDE_III_MIN_WORKERS = 51;

export type CampusGuideSetting = 'auto' | 'II' | 'III';

/** The risk questionnaire a campus answers after Guía I. */
export function riskGuideFor(setting: CampusGuideSetting, workerCount: number): 'II' | 'III' {
  if (setting !== 'auto') return setting;
  return workerCount >= GUIDE_III_MIN_WORKERS ? 'III' : 'II';
}
