/** What the rest of the app uses of the NOM-035 results published to staff (7.8): the card on a worker's list of surveys. */
import { lazy } from 'react';

/** The card, from the results page's own chunk: its code loads with a staff member's or teacher's list only. */
export const Nom035ResultsCard = lazy(async () => ({ default: (await import('./components/staff-results-page')).Nom035ResultsCard }));
