import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderScreen } from '../test-support/dom-harness';
import { LogoutIcon } from './light-icons';
import { Alert, ProgressBar, Stack, Text } from './light-ui';

describe('the respondent pages’ light text, stacks, alerts and bars', () => {
  it('text takes its variant’s element and type; the same sx makes one class, another sx another', async () => {
    renderScreen(
      <>
        <Text variant="h1" sx={{ fontSize: '1.6rem' }}>
          Hola, Ana
        </Text>
        <Text variant="body2" color="textSecondary">
          Campus Puebla
        </Text>
        <Text variant="caption">Nota</Text>
        <Text variant="h2" component="p" sx={{ fontSize: '1.6rem' }}>
          Resumen
        </Text>
        <Text sx={{ fontSize: '1.6rem' }}>Otro</Text>
        <Text sx={{ fontSize: '1.6rem' }}>Igual</Text>
      </>,
    );
    const heading = await screen.findByRole('heading', { level: 1, name: 'Hola, Ana' });
    expect(getComputedStyle(heading).fontSize).toBe('25.6px');
    expect(getComputedStyle(heading).fontWeight).toBe('700');
    expect(getComputedStyle(heading).marginTop).toBe('0px');
    expect(screen.getByText('Campus Puebla').tagName).toBe('P');
    expect(getComputedStyle(screen.getByText('Campus Puebla')).color).toBe('rgba(0, 0, 0, 0.6)');
    expect(screen.getByText('Nota').tagName).toBe('SPAN');
    expect(screen.getByText('Resumen').tagName).toBe('P');
    // A variant is part of the class: an h2's look with the h1's sx is not the h1's class.
    expect(screen.getByText('Resumen').className).not.toBe(heading.className);
    expect(screen.getByText('Otro').className).toBe(screen.getByText('Igual').className);
    expect(screen.getByText('Otro').className).not.toBe(heading.className);
  });

  it('a stack spaces its children as MUI’s does, by their margins', async () => {
    renderScreen(
      <Stack spacing={2} aria-label="Tarjetas">
        <div>Primera</div>
        <div>Segunda</div>
      </Stack>,
    );
    await screen.findByText('Primera');
    expect(getComputedStyle(screen.getByText('Primera')).marginTop).toBe('0px');
    expect(getComputedStyle(screen.getByText('Segunda')).marginTop).toBe('16px');
    expect(getComputedStyle(screen.getByLabelText('Tarjetas')).flexDirection).toBe('column');
  });

  it('an alert is announced, its close button is named «Cerrar» and a finger wide, and an action takes its place', async () => {
    const onClose = vi.fn();
    const { user } = renderScreen(
      <>
        <Alert severity="info" onClose={onClose} closeTitle="Cerrar aviso">
          Recuperamos tus respuestas
        </Alert>
        <Alert severity="error" role="status" action={<button type="button">Reintentar</button>} onClose={onClose}>
          Sin conexión
        </Alert>
      </>,
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Recuperamos tus respuestas');
    const close = screen.getByRole('button', { name: 'Cerrar' });
    expect(close.getAttribute('title')).toBe('Cerrar aviso');
    expect(getComputedStyle(close).minHeight).toBe('44px');
    await user.click(close);
    expect(onClose).toHaveBeenCalledTimes(1);
    const status = screen.getByRole('status');
    expect(status.textContent).toContain('Sin conexión');
    expect(screen.getAllByRole('button', { name: 'Cerrar' })).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeTruthy();
  });

  it('a progress bar says its rounded share, kept within 0 and 100; an icon is hidden from screen readers unless named', async () => {
    renderScreen(
      <>
        <ProgressBar value={66.6} aria-label="Avance de 1A" />
        <ProgressBar value={140} aria-label="Avance de 1B" />
        <LogoutIcon />
        <LogoutIcon aria-label="Salir" />
      </>,
    );
    expect((await screen.findByRole('progressbar', { name: 'Avance de 1A' })).getAttribute('aria-valuenow')).toBe('67');
    expect(screen.getByRole('progressbar', { name: 'Avance de 1B' }).getAttribute('aria-valuenow')).toBe('100');
    expect(screen.getAllByRole('img')).toHaveLength(1);
    expect(screen.getByRole('img', { name: 'Salir' }).tagName.toLowerCase()).toBe('svg');
  });
});
