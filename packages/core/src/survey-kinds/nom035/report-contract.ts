/**
 * The contract of NOM-035's own reports (docs/reports.md, "Kind-specific reports"): one application
 * (a campus and a period), never one worker; they take the scope filters of api/reports.ts.
 */
import { z } from 'zod';
import { RISK_LEVELS, type RiskLevel } from './risk-levels';
import type { RiskScope } from './results';
import { idFromTextSchema } from '../../validation';
import { namedCampusSchema, namedPeriodSchema, reportScopeInfoSchema, reportScopeQuerySchema } from '../../api/reports';

export const NOT_NOM035_MESSAGE = 'Este reporte es solo para la NOM-035.';
export const NOM035_APPLICATION_NOT_FOUND = 'No se encontró la aplicación de la NOM-035.';

/** GET /reports/nom035/applications: the NOM-035 applications of a period (indexSurveys). */
export const nom035IndexQuerySchema = reportScopeQuerySchema;
export const nom035ApplicationParamsSchema = z.object({ id: idFromTextSchema(NOM035_APPLICATION_NOT_FOUND) });

export const nom035ApplicationSchema = z.object({
  /** The application (active) id: pass to GET /reports/nom035/applications/:id. */
  id: z.number(),
  campus: namedCampusSchema,
  periodo: namedPeriodSchema,
  startActive: z.string(),
  endActive: z.string(),
  /** Workers who answered Guía II or III (published). */
  respondents: z.number(),
  withheld: z.boolean(),
});
export type Nom035Application = z.infer<typeof nom035ApplicationSchema>;

/** GET /reports/nom035/applications */
export const nom035IndexSchema = z.object({
  scope: reportScopeInfoSchema,
  minGroupSize: z.number(),
  applications: z.array(nom035ApplicationSchema),
  total: z.number(),
});
export type Nom035Index = z.infer<typeof nom035IndexSchema>;

const riskLevelSchema = z.enum(RISK_LEVELS.map((level) => level.key) as [RiskLevel, ...RiskLevel[]]);
const RISK_SCOPES = ['final', 'category', 'domain'] as const satisfies readonly RiskScope[];

export const nom035LevelInfoSchema = z.object({
  key: riskLevelSchema,
  label: z.string(),
  color: z.string(),
  /** The DOF's action criteria for the level (Guía II Tabla 4 / Guía III Tabla 7). */
  criteria: z.string(),
});
export type Nom035LevelInfo = z.infer<typeof nom035LevelInfoSchema>;

export const nom035GroupResultSchema = z.object({
  scope: z.enum(RISK_SCOPES),
  /** '' for the final score. */
  key: z.string(),
  name: z.string(),
  categoryId: z.string().nullable(),
  /** Workers per level with the level's score range (min inclusive, max exclusive, null = open). */
  levels: z.array(z.object({ level: riskLevelSchema, min: z.number(), max: z.number().nullable(), n: z.number() })),
  /** Mean score of the workers and the level it falls in. */
  averageScore: z.number(),
  averageLevel: riskLevelSchema,
});
export type Nom035GroupResult = z.infer<typeof nom035GroupResultSchema>;

/** GET /reports/nom035/applications/:id: one application (a campus and a period), never one worker. */
export const nom035ReportSchema = z.object({
  application: nom035ApplicationSchema,
  minGroupSize: z.number(),
  withheldExplanation: z.string(),
  levels: z.array(nom035LevelInfoSchema),
  /** One entry per guide answered (a campus answers II or III; both if its size crossed 50 during the period). */
  guides: z.array(
    z.object({
      guide: z.enum(['II', 'III']),
      title: z.string(),
      respondents: z.number(),
      withheld: z.boolean(),
      /** The final score, then each category and domain in the DOF's order; empty when withheld. */
      groups: z.array(nom035GroupResultSchema),
    }),
  ),
  /** Why there are no comments (the DOF instrument has no comment item). */
  commentsNote: z.string(),
});
export type Nom035Report = z.infer<typeof nom035ReportSchema>;
