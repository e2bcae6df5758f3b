import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { ReportOverview } from '@encuestas/core/api/reports';
import type { SurveyKindId } from '@encuestas/core/survey-kinds';
import type { ReportFilters } from '../logic/report-filters';
import { prefetchTeacherEvaluation } from './teacher-evaluation/teacher-evaluation-api';

export interface KindPanelProps {
  filters: ReportFilters;
  overview: ReportOverview;
}

export interface KindPanel {
  Panel: LazyExoticComponent<ComponentType<KindPanelProps>>;
  /** The panel's entry in the report's index. */
  indexLabel: string;
  /** The kind is not applied through applications (the suggestion box): the panel is the whole report. */
  standalone?: boolean;
  /** The panel opens the report, before the summary (NOM-035: the final score and its level come first). */
  leads?: boolean;
  /** Starts the panel's first calls as soon as the overview names the kind, before the panel's code has loaded. */
  prefetch?: (client: QueryClient, filters: ReportFilters) => void;
}

/**
 * Kind-specific report panels, registered by kind; every other kind has the
 * generic report only. Each panel's code loads with the first report of its kind.
 */
export const KIND_PANELS: Partial<Record<SurveyKindId, KindPanel>> = {
  'alumnos/evaluacionDocente': {
    Panel: lazy(() => import('./teacher-evaluation/teacher-evaluation-panel')),
    indexLabel: 'Resultados por docente',
    prefetch: prefetchTeacherEvaluation,
  },
  'administrativos/norma': { Panel: lazy(() => import('./nom035/nom035-panel')), indexLabel: 'NOM-035: niveles de riesgo', leads: true },
  'alumnos/nuevoIngreso': { Panel: lazy(() => import('./new-intake/new-intake-panel')), indexLabel: 'Por institución de procedencia' },
  buzon: { Panel: lazy(() => import('./suggestion-box/suggestion-box-panel')), standalone: true, indexLabel: 'Buzón de sugerencias' },
};
