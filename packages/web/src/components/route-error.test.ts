import { describe, expect, it } from 'vitest';
import { describeRouteError } from './route-error';

/** The shape of what the router hands the error page for a thrown `data(null, { status })`. */
function caught(status: number, statusText = '') {
  return { status, statusText, internal: false, data: null };
}

describe('describeRouteError', () => {
  it.each([
    [400, '400 Bad Request'],
    [403, '403 Forbidden'],
    [404, '404 Not Found'],
    [405, '405 Method Not Allowed'],
  ])('shows status %i as %s', (status, summary) => {
    expect(describeRouteError(caught(status)).summary).toBe(summary);
  });

  it('keeps a status text the thrower gave', () => {
    expect(describeRouteError(caught(404, 'Not Found')).summary).toBe('404 Not Found');
  });

  it('shows the message of a thrown error', () => {
    const described = describeRouteError(new Error('boom'));
    expect(described.summary).toBe('boom');
    expect(described.status).toBeUndefined();
  });
});

describe('describeRouteError for a missing chunk', () => {
  it('asks to reload, in Spanish', () => {
    const described = describeRouteError(new TypeError('Failed to fetch dynamically imported module: /encuestas/assets/a.js'));
    expect(described.explanation).toBe('Se publicó una versión nueva de la plataforma. Recarga la página para continuar.');
  });
});
