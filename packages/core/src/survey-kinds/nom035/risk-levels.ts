/**
 * The norm's five risk levels, apart from scoring.ts: the report contracts (core/survey-kinds/nom035/report-contract.ts) name them,
 * and importing scoring.ts there would bring the three guides' questionnaires into every report page's code.
 */
export const RISK_LEVELS = [
  { key: 'nulo', label: 'Nulo o despreciable', color: 'skyblue' },
  { key: 'bajo', label: 'Bajo', color: 'greenyellow' },
  { key: 'medio', label: 'Medio', color: 'yellow' },
  { key: 'alto', label: 'Alto', color: 'orange' },
  { key: 'muyAlto', label: 'Muy alto', color: 'red' },
] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number]['key'];
