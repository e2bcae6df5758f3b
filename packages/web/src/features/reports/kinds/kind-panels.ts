import { type ComponentType, type LazyExoticComponent } from 'react';
import type { ReportOverview } from '@encuestas/core/api/reports';
import type { SurveyKindId } from '@encuestas/core/survey-kinds';
import type { ReportFilters } from '../logic/report-filters';

export interface KindPanelProps {
  filters: ReportFilters;
  overview: ReportOverview;
}

/**
 * Kind-specific report panels, registered by kind (the generic report covers
 * every other kind). Each loads with the first report of its kind.
 */
export const KIND_PANELS: Partial<Record<SurveyKindId, LazyExoticComponent<ComponentType<KindPanelProps>>>> = {};
