import type { NextEvaluations } from '@encuestas/core/api/nom035-results';
import type { ActionBody, ActionNoteBody, Nom035CampusFile, NoticeBody, PolicyBody, ReportBody } from '@encuestas/core/api/nom035-file';
import { apiRequest } from '../../../api/client';

/** React Query key of a campus's file; every change answers the whole file, stored under it. */
export const nom035FileKey = (campusId: number) => ['nom035-file', campusId] as const;

const base = (campusId: number) => `/nom035/campus/${campusId}`;

/** GET /nom035/campus/{campusId}/file */
export function fetchCampusFile(campusId: number, signal?: AbortSignal): Promise<Nom035CampusFile> {
  return apiRequest<Nom035CampusFile>(`${base(campusId)}/file`, { signal });
}

/** A change to a campus's file: which route, and the body it sends. */
export type FileChange =
  | { kind: 'policy'; body: PolicyBody }
  | { kind: 'notice'; body: NoticeBody }
  | { kind: 'editNotice'; noticeId: number; body: NoticeBody }
  | { kind: 'report'; activeId: number; body: ReportBody }
  | { kind: 'newAction'; activeId: number; body: ActionBody }
  | { kind: 'action'; actionId: number; body: ActionBody }
  | { kind: 'note'; actionId: number; body: ActionNoteBody }
  | { kind: 'publication'; activeId: number; published: boolean };

export function sendFileChange(campusId: number, change: FileChange): Promise<Nom035CampusFile> {
  const at = base(campusId);
  switch (change.kind) {
    case 'policy':
      return apiRequest(`${at}/policy`, { method: 'PUT', body: change.body });
    case 'notice':
      return apiRequest(`${at}/notices`, { method: 'POST', body: change.body });
    case 'editNotice':
      return apiRequest(`${at}/notices/${change.noticeId}`, { method: 'PUT', body: change.body });
    case 'report':
      return apiRequest(`${at}/applications/${change.activeId}/report`, { method: 'PUT', body: change.body });
    case 'newAction':
      return apiRequest(`${at}/applications/${change.activeId}/actions`, { method: 'POST', body: change.body });
    case 'action':
      return apiRequest(`${at}/actions/${change.actionId}`, { method: 'PUT', body: change.body });
    case 'note':
      return apiRequest(`${at}/actions/${change.actionId}/notes`, { method: 'POST', body: change.body });
    case 'publication':
      return apiRequest(`${at}/applications/${change.activeId}/publication`, { method: change.published ? 'PUT' : 'DELETE' });
  }
}

/** GET /nom035/next-evaluations: the user's campuses whose next evaluation (7.9) is near or past. */
export function fetchNextEvaluations(signal?: AbortSignal): Promise<NextEvaluations> {
  return apiRequest<NextEvaluations>('/nom035/next-evaluations', { signal });
}

/** GET /nom035/campus/{campusId}/file/pdf: the file for an inspector (what a download button asks for). */
export const filePdfRequest = (campusId: number) => ({ path: `${base(campusId)}/file/pdf`, query: {}, fallbackName: 'expediente-nom035.pdf' });

/** GET /nom035/campus/{campusId}/program/xlsx: the action program of every application. */
export const programXlsxRequest = (campusId: number) => ({ path: `${base(campusId)}/program/xlsx`, query: {}, fallbackName: 'programa-nom035.xlsx' });
