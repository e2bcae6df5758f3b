import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { ReportOverview } from '@encuestas/core/api/reports';
import type { SurveyKindId } from '@encuestas/core/survey-kinds';
import type { ReportFilters } from '../logic/report-filters';

export interface KindPanelProps {
  filters: ReportFilters;
  overview: ReportOverview;
}

export interface KindPanel {
  Panel: LazyExoticComponent<ComponentType<KindPanelProps>>;
  /** The kind is not applied through applications (the suggestion box): the panel is the whole report. */
  standalone?: boolean;
}

/**
 * Kind-specific report panels, registered by kind; every other kind has the
 * generic report only. Each panel's code loads with the first report of its kind.
 */
export const KIND_PANELS: Partial<Record<SurveyKindId, KindPanel>> = {
  'alumnos/evaluacionDocente': { Panel: lazy(() => import('./teacher-evaluation/teacher-evaluation-panel')) },
  'administrativos/norma': { Panel: lazy(() => import('./nom035/nom035-panel')) },
  'alumnos/nuevoIngreso': { Panel: lazy(() => import('./new-intake/new-intake-panel')) },
  buzon: { Panel: lazy(() => import('./suggestion-box/suggestion-box-panel')), standalone: true },
};
