/** What the rest of the app uses of the NOM-035 results published to staff (7.8): the card on a worker's list of surveys. */
import { lazy } from 'react';

/** The card, from the results page's own chunk: its code loads with a staff member's or teacher's list only. */
export const Nom035ResultsCard = lazy(async () => ({ default: (await loadResultsPage()).Nom035ResultsCard }));

const loadResultsPage = () => import('./components/staff-results-page');

/** Starts fetching the card's code before its first render (the list draws it once its cards are in); a failure is its render's to show. */
export function preloadNom035ResultsCard(): void {
  loadResultsPage().catch(() => undefined);
}
