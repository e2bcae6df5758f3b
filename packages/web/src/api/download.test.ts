import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FILES_BUSY_MESSAGE, tooManyFilesMessage } from '@encuestas/core/api/report-files';
import { ApiError, errorMessage } from './api-error';
import { fetchFile } from './download';

/** The server's refusal as it sends it: Spanish JSON in the error shape, with Retry-After. */
function refusal(message: string): Response {
  return new Response(JSON.stringify({ error: { code: 'TOO_MANY_REQUESTS', message } }), {
    status: 429,
    headers: { 'content-type': 'application/json; charset=utf-8', 'retry-after': '5' },
  });
}

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('fetchFile refused for too many files', () => {
  it.each([tooManyFilesMessage(3), FILES_BUSY_MESSAGE])('shows the server’s message: %s', async (message) => {
    fetchMock.mockResolvedValue(refusal(message));
    const failure = await fetchFile('/ciclo/3/pdf/students', { query: { periodoId: 7 }, fallbackName: 'reporte.pdf' }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 429, code: 'TOO_MANY_REQUESTS' });
    // What the download button shows.
    expect(errorMessage(failure)).toBe(message);
  });

  it('reads well when a proxy answers 429 without the server’s JSON', async () => {
    fetchMock.mockResolvedValue(new Response('<html>Too Many Requests</html>', { status: 429, headers: { 'content-type': 'text/html' } }));
    const failure = await fetchFile('/reports/export', { fallbackName: 'reporte.xlsx' }).catch((error: unknown) => error);
    expect(errorMessage(failure)).toMatch(/^Demasiados intentos\. Espera/);
  });
});
