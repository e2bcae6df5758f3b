import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../app/app-providers';
import { ErrorPage } from './error-page';

function renderFailing(path: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        errorElement: <ErrorPage />,
        children: [
          {
            path: 'falla',
            Component: () => {
              throw new Error('Algo salió mal al dibujar');
            },
          },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  return render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

describe('the error page', () => {
  it('an unknown address says 404 and offers the start page, not a reload', async () => {
    renderFailing('/no-existe');
    expect((await screen.findByTestId('error-status')).textContent).toMatch(/404/);
    expect(screen.getByRole('link', { name: 'Ir a la página de inicio' }).getAttribute('href')).toBe('/encuestas/');
    expect(screen.queryByRole('button', { name: 'Recargar la página' })).toBeNull();
  });

  it('a page that fails to draw shows its message with «Recargar la página», side by side with the start page on a wide screen', async () => {
    renderFailing('/falla');
    expect((await screen.findByTestId('error-status')).textContent).toContain('Algo salió mal al dibujar');
    const reload = screen.getByRole('button', { name: 'Recargar la página' });
    // The test window is 1024 px wide: the row of 600 px and up, the second button 12 px after the first.
    expect(getComputedStyle(reload.parentElement!).flexDirection).toBe('row');
    expect(getComputedStyle(reload).marginLeft).toBe('12px');
    expect(getComputedStyle(reload).marginTop).toBe('0px');
  });
});
