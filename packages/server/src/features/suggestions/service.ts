/**
 * The suggestion box (buzón): respondents send comments to their campus; the
 * back office categorises, resolves, closes and marks them contacted. A
 * suggestion keeps no respondent id: only the contact data its author chose
 * to give.
 */
import { aliasedTable, and, asc, count, desc, eq, inArray, isNotNull, isNull, or, type SQL } from 'drizzle-orm';
import {
  SUGGESTION_BOX_CLOSED_MESSAGE,
  SUGGESTION_CLOSED_MESSAGE,
  type ChipColor,
  type CommentCategory,
  type ListSuggestionsFilter,
  type Suggestion,
  type SuggestionCategory,
  type SuggestionResolution,
  type SuggestionsPage,
} from '@encuestas/core/api/suggestions';
import { mexicoCityDay } from '@encuestas/core/dates';
import type { SuggestionForm } from '@encuestas/core/survey-kinds/buzon/form';
import type { Database } from '../../db/client';
import { foldedContains } from '../../db/search';
import { campuses, commentCategories, suggestionCategories, suggestionResolutions, suggestions } from '../../db/schema';
import { AppError, fieldError } from '../../http/errors';
import { assertCampusGranted } from '../../http/grants';
import { audit } from '../audit/service';
import { CAMPUS_NOT_FOUND, switchCampus } from '../campuses/service';
import type { AdminPrincipal } from '../users/service';

export const SUGGESTION_NOT_FOUND = 'No se encontró el comentario.';
export const UNCATEGORISED_RESOLUTION = 'Sin categorizar';

const resolution = aliasedTable(suggestionResolutions, 'resolution');

function selectSuggestions(db: Database) {
  return db
    .select({
      s: suggestions,
      campusNombre: campuses.nombre,
      commentCategory: { id: commentCategories.id, name: commentCategories.name, color: commentCategories.color },
      suggestionCategory: { id: suggestionCategories.id, name: suggestionCategories.name, scope: suggestionCategories.scope },
      resolution: { id: resolution.id, name: resolution.name, color: resolution.color },
    })
    .from(suggestions)
    .innerJoin(campuses, eq(campuses.id, suggestions.campusId))
    .innerJoin(commentCategories, eq(commentCategories.id, suggestions.commentCategoryId))
    .leftJoin(suggestionCategories, eq(suggestionCategories.id, suggestions.suggestionCategoryId))
    .leftJoin(resolution, eq(resolution.id, suggestions.suggestionResolutionId));
}

type Row = Awaited<ReturnType<ReturnType<typeof selectSuggestions>['execute']>>[number];

function toDto(row: Row): Suggestion {
  const { s } = row;
  return {
    id: s.id,
    campus: { id: s.campusId, nombre: row.campusNombre },
    comment: s.comment,
    commentCategory: { ...row.commentCategory, color: row.commentCategory.color as ChipColor },
    suggestionCategory:
      row.suggestionCategory?.id != null
        ? { id: row.suggestionCategory.id, name: row.suggestionCategory.name, scope: row.suggestionCategory.scope as 'general' | 'person' }
        : null,
    suggestionResolution:
      row.resolution?.id != null ? { id: row.resolution.id, name: row.resolution.name, color: row.resolution.color as ChipColor } : null,
    contact: { checked: s.contactConsent, phone: s.contactPhone, email: s.contactEmail },
    isClosed: s.isClosed,
    isContacted: s.isContacted,
    created_on: s.createdOn,
  };
}

// The colours and scopes are the seed's (db/seed/reference.ts), within the contract's values.
export async function listCommentCategories(db: Database): Promise<CommentCategory[]> {
  return (await db.select().from(commentCategories).orderBy(asc(commentCategories.id))) as CommentCategory[];
}

/** The topics of a general suggestion and of one about a person. */
export async function listSuggestionCategories(db: Database) {
  const all = (await db.select().from(suggestionCategories).orderBy(asc(suggestionCategories.id))) as SuggestionCategory[];
  return {
    allSuggestionCategories: all.filter((c) => c.scope === 'general'),
    allPersonSuggestionCategories: all.filter((c) => c.scope === 'person'),
  };
}

export async function listSuggestionResolutions(db: Database): Promise<SuggestionResolution[]> {
  return (await db.select().from(suggestionResolutions).orderBy(asc(suggestionResolutions.id))) as SuggestionResolution[];
}

/** Whether a granted campus's suggestion box is open. */
export async function suggestionBoxOf(db: Database, principal: AdminPrincipal, campusId: number) {
  assertCampusGranted(principal, campusId);
  const [campus] = await db
    .select({ id: campuses.id, nombre: campuses.nombre, avalible: campuses.suggestionBoxOpen })
    .from(campuses)
    .where(eq(campuses.id, campusId));
  if (!campus) throw new AppError('NOT_FOUND', CAMPUS_NOT_FOUND);
  return campus;
}

/** Opens or closes a granted campus's suggestion box. */
export async function setSuggestionBoxOpen(db: Database, principal: AdminPrincipal, campusId: number, open: boolean) {
  const updated = await switchCampus(db, principal, campusId, { suggestionBoxOpen: open }, 'suggestion-box', () => ({ avalible: open }));
  return { id: updated.id, nombre: updated.nombre, avalible: updated.suggestionBoxOpen };
}

export async function isSuggestionBoxOpen(db: Database, campusId: number): Promise<boolean> {
  const [campus] = await db.select({ open: campuses.suggestionBoxOpen, enabled: campuses.enabled }).from(campuses).where(eq(campuses.id, campusId));
  // A disabled campus takes nothing new from respondents, suggestions included.
  return (campus?.open ?? false) && campus!.enabled;
}

async function assertCategories(db: Database, input: { commentCategoryId?: number; suggestionCategoryId?: number; suggestionResolutionId?: number }) {
  if (input.commentCategoryId !== undefined) {
    const [found] = await db.select({ id: commentCategories.id }).from(commentCategories).where(eq(commentCategories.id, input.commentCategoryId));
    if (!found) throw fieldError('commentCategoryId', 'El tipo de comentario no es válido');
  }
  if (input.suggestionCategoryId !== undefined) {
    const [found] = await db
      .select({ id: suggestionCategories.id })
      .from(suggestionCategories)
      .where(eq(suggestionCategories.id, input.suggestionCategoryId));
    if (!found) throw fieldError('suggestionCategoryId', 'El tema no es válido');
  }
  if (input.suggestionResolutionId !== undefined) {
    const [found] = await db
      .select({ id: suggestionResolutions.id })
      .from(suggestionResolutions)
      .where(eq(suggestionResolutions.id, input.suggestionResolutionId));
    if (!found) throw fieldError('suggestionResolutionId', 'La resolución no es válida');
  }
}

export async function createSuggestion(db: Database, campusId: number, form: SuggestionForm): Promise<Suggestion> {
  if (!(await isSuggestionBoxOpen(db, campusId))) throw new AppError('FORBIDDEN', SUGGESTION_BOX_CLOSED_MESSAGE);
  await assertCategories(db, form);
  const [uncategorised] = await db
    .select({ id: suggestionResolutions.id })
    .from(suggestionResolutions)
    .where(eq(suggestionResolutions.name, UNCATEGORISED_RESOLUTION));
  const [created] = await db
    .insert(suggestions)
    .values({
      campusId,
      comment: form.comment,
      commentCategoryId: form.commentCategoryId,
      suggestionCategoryId: form.suggestionCategoryId,
      suggestionResolutionId: uncategorised?.id ?? null,
      contactConsent: form.contact.checked,
      contactPhone: form.contact.phone ?? null,
      contactEmail: form.contact.email ?? null,
      legalConsent: form.legaChecked,
      createdOn: mexicoCityDay(),
    })
    .returning({ id: suggestions.id });
  return getSuggestionById(db, created!.id);
}

async function getSuggestionById(db: Database, id: string): Promise<Suggestion> {
  const [row] = await selectSuggestions(db).where(eq(suggestions.id, id));
  if (!row) throw new AppError('NOT_FOUND', SUGGESTION_NOT_FOUND);
  return toDto(row);
}

export async function getSuggestion(db: Database, principal: AdminPrincipal, id: string): Promise<Suggestion> {
  const suggestion = await getSuggestionById(db, id);
  assertCampusGranted(principal, suggestion.campus.id);
  return suggestion;
}

export async function listSuggestions(
  db: Database,
  principal: AdminPrincipal,
  query: ListSuggestionsFilter,
): Promise<SuggestionsPage> {
  if (query.campusId !== undefined) assertCampusGranted(principal, query.campusId);
  if (principal.campusIds.length === 0) return { suggestions: [], total: 0 };
  const conditions: SQL[] = [inArray(suggestions.campusId, principal.campusIds)];
  if (query.campusId !== undefined) conditions.push(eq(suggestions.campusId, query.campusId));
  if (query.filter) conditions.push(foldedContains(suggestions.comment, query.filter));
  if (query.commentsCategoryId !== undefined) conditions.push(eq(suggestions.commentCategoryId, query.commentsCategoryId));
  if (query.suggestionResolutionId !== undefined) conditions.push(eq(suggestions.suggestionResolutionId, query.suggestionResolutionId));
  if (query.suggestionCategoryId !== undefined) conditions.push(eq(suggestions.suggestionCategoryId, query.suggestionCategoryId));
  if (query.isClosed !== undefined) conditions.push(eq(suggestions.isClosed, query.isClosed));
  if (query.isContacted !== undefined) conditions.push(eq(suggestions.isContacted, query.isContacted));
  if (query.hasContact === true) {
    conditions.push(and(eq(suggestions.contactConsent, true), or(isNotNull(suggestions.contactPhone), isNotNull(suggestions.contactEmail)))!);
  } else if (query.hasContact === false) {
    conditions.push(or(eq(suggestions.contactConsent, false), and(isNull(suggestions.contactPhone), isNull(suggestions.contactEmail)))!);
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    selectSuggestions(db)
      .where(where)
      // Newest day first; within a day the random id gives a stable order that says nothing about authorship.
      .orderBy(desc(suggestions.createdOn), asc(suggestions.id))
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    db.select({ n: count() }).from(suggestions).where(where),
  ]);
  return { suggestions: rows.map(toDto), total: total?.n ?? 0 };
}

/** Loads a suggestion the principal may change; a closed one is final. */
async function changeable(db: Database, principal: AdminPrincipal, id: string): Promise<Suggestion> {
  const suggestion = await getSuggestion(db, principal, id);
  if (suggestion.isClosed) throw new AppError('CONFLICT', SUGGESTION_CLOSED_MESSAGE);
  return suggestion;
}

export async function updateSuggestion(
  db: Database,
  principal: AdminPrincipal,
  id: string,
  input: { commentCategoryId?: number; suggestionCategoryId?: number; suggestionResolutionId?: number },
): Promise<Suggestion> {
  const current = await changeable(db, principal, id);
  await assertCategories(db, input);
  await db.transaction(async (tx) => {
    await tx
      .update(suggestions)
      .set(input)
      .where(eq(suggestions.id, id));
    const was = {
      commentCategoryId: current.commentCategory.id,
      suggestionCategoryId: current.suggestionCategory?.id ?? null,
      suggestionResolutionId: current.suggestionResolution?.id ?? null,
    };
    // Only the fields sent change; their values before go with them.
    const before = Object.fromEntries(Object.keys(input).map((key) => [key, was[key as keyof typeof was]]));
    await audit(tx, { actorUserId: principal.user.id, action: 'update', entity: 'suggestion', entityId: id, details: { ...input, before } });
  });
  return getSuggestionById(db, id);
}

export async function closeSuggestion(db: Database, principal: AdminPrincipal, id: string): Promise<Suggestion> {
  await changeable(db, principal, id);
  await db.transaction(async (tx) => {
    await tx.update(suggestions).set({ isClosed: true }).where(eq(suggestions.id, id));
    await audit(tx, { actorUserId: principal.user.id, action: 'close', entity: 'suggestion', entityId: id });
  });
  return getSuggestionById(db, id);
}

export async function markSuggestionContacted(db: Database, principal: AdminPrincipal, id: string): Promise<Suggestion> {
  const suggestion = await getSuggestion(db, principal, id);
  if (!suggestion.contact.checked) {
    throw new AppError('CONFLICT', 'Quien escribió este comentario no dejó datos de contacto.');
  }
  await db.transaction(async (tx) => {
    await tx.update(suggestions).set({ isContacted: true }).where(eq(suggestions.id, id));
    await audit(tx, { actorUserId: principal.user.id, action: 'contact', entity: 'suggestion', entityId: id });
  });
  return getSuggestionById(db, id);
}
