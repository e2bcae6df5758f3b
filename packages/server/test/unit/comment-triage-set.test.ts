/**
 * The comment triage over its labelled set (test/fixtures/comments-triage.json:
 * Spanish comments written for it, each labelled by hand): the precision and
 * recall of alerts and the order of tone, with floors just below what was
 * measured (docs/reports.md, «Comment triage»). A change to the terms or the
 * tone that loses ground fails here.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ALERT_CATEGORIES, triageComment, type AlertCategory } from '../../src/features/comment-triage';

interface LabelledComment {
  text: string;
  alert: AlertCategory | null;
  tone: 'praise' | 'criticism' | 'mixed' | 'neutral';
  author: 'student' | 'staff';
  set: 'tuning' | 'holdout-1' | 'holdout-2' | 'holdout-3';
  note?: string;
}

const { comments } = JSON.parse(readFileSync(new URL('../fixtures/comments-triage.json', import.meta.url), 'utf8')) as { comments: LabelledComment[] };
const triaged = comments.map((comment) => ({ ...comment, triage: triageComment(comment.text) }));
type Triaged = (typeof triaged)[number];

function alertFigures(rows: readonly Triaged[]) {
  const truePositives = rows.filter((r) => r.alert && r.triage.alert).length;
  const flagged = rows.filter((r) => r.triage.alert).length;
  const labelled = rows.filter((r) => r.alert).length;
  return { precision: truePositives / flagged, recall: truePositives / labelled };
}

/** The share of (praise, criticism) pairs whose tone is in the right order, ties as half (the ROC area). */
function toneOrder(rows: readonly Triaged[]): number {
  const praise = rows.filter((r) => r.tone === 'praise' && !r.alert).map((r) => r.triage.tone);
  const criticism = rows.filter((r) => r.tone === 'criticism' && !r.alert).map((r) => r.triage.tone);
  let right = 0;
  for (const p of praise) for (const c of criticism) right += p > c ? 1 : p === c ? 0.5 : 0;
  return right / (praise.length * criticism.length);
}

describe('comment triage over the labelled set', () => {
  it('is the set the issue asks for: 300+ comments, 60+ alerts over every category, hard negatives, staff and students', () => {
    expect(comments.length).toBeGreaterThanOrEqual(300);
    expect(comments.filter((c) => c.alert).length).toBeGreaterThanOrEqual(60);
    for (const category of ALERT_CATEGORIES) expect(comments.filter((c) => c.alert === category).length, category).toBeGreaterThanOrEqual(15);
    expect(comments.filter((c) => !c.alert && c.note === 'course content').length).toBeGreaterThanOrEqual(20);
    expect(comments.filter((c) => c.author === 'staff').length).toBeGreaterThanOrEqual(30);
    expect(new Set(comments.map((c) => c.text)).size).toBe(comments.length);
  });

  it('alerts with precision ≥ 0.80 and recall ≥ 0.92 over the whole set (measured 0.835 and 0.938)', () => {
    const { precision, recall } = alertFigures(triaged);
    expect(precision).toBeGreaterThanOrEqual(0.8);
    expect(recall).toBeGreaterThanOrEqual(0.92);
  });

  it('keeps every category found (recall ≥ 0.85 each; lowest measured 0.885) and filed under its own category', () => {
    for (const category of ALERT_CATEGORIES) {
      const labelled = triaged.filter((r) => r.alert === category);
      const found = labelled.filter((r) => r.triage.alert);
      expect(found.length / labelled.length, category).toBeGreaterThanOrEqual(0.85);
      expect(found.filter((r) => r.triage.alert!.category !== category).map((r) => r.text), category).toEqual([]);
    }
  });

  it('holds on the comments written after the last freeze of the terms, never tuned on (holdout-3: measured 0.79 and 0.69)', () => {
    const { precision, recall } = alertFigures(triaged.filter((r) => r.set === 'holdout-3'));
    expect(precision).toBeGreaterThanOrEqual(0.75);
    expect(recall).toBeGreaterThanOrEqual(0.65);
  });

  it('never alerts on plain praise or criticism without a term (the rude-but-not-alerting comments included)', () => {
    const plain = triaged.filter((r) => !r.alert && !r.note && (r.tone === 'praise' || r.tone === 'criticism'));
    expect(plain.length).toBeGreaterThan(150);
    expect(plain.filter((r) => r.triage.alert).map((r) => r.text)).toEqual([]);
  });

  it('orders praise above criticism: 0.93+ of the pairs (measured 0.948), most praise above 0 and criticism below', () => {
    expect(toneOrder(triaged)).toBeGreaterThanOrEqual(0.93);
    const praise = triaged.filter((r) => r.tone === 'praise' && !r.alert);
    const criticism = triaged.filter((r) => r.tone === 'criticism' && !r.alert);
    expect(praise.filter((r) => r.triage.tone > 0).length / praise.length).toBeGreaterThanOrEqual(0.85);
    expect(criticism.filter((r) => r.triage.tone < 0).length / criticism.length).toBeGreaterThanOrEqual(0.65);
  });
});
