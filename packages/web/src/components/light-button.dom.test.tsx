import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderScreen } from '../test-support/dom-harness';
import { SubmitButton } from './forms/submit-button';
import { LightButton, LightLinkButton } from './light-button';
import { LightLink } from './light-link';

describe('the respondent pages’ light buttons and links', () => {
  it('a submit button sends its form, and while pending is disabled and says it is sending', async () => {
    const onSubmit = vi.fn((event: { preventDefault(): void }) => event.preventDefault());
    const { user, rerender } = renderScreen(
      <form onSubmit={onSubmit}>
        <SubmitButton pending={false}>Enviar código</SubmitButton>
      </form>,
    );
    await user.click(await screen.findByRole('button', { name: 'Enviar código' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('progressbar')).toBeNull();

    rerender(
      <form onSubmit={onSubmit}>
        <SubmitButton pending>Enviar código</SubmitButton>
      </form>,
    );
    const pending = await screen.findByRole('button', { name: /Enviar código/ });
    expect((pending as HTMLButtonElement).disabled).toBe(true);
    expect(pending.getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('progressbar', { name: 'Enviando' })).toBeTruthy();
    pending.click();
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('a button answers the keyboard, not when disabled, and is as tall as a finger', async () => {
    const onClick = vi.fn();
    const { user } = renderScreen(
      <>
        <LightButton onClick={onClick}>Cerrar sesión</LightButton>
        <LightButton onClick={onClick} disabled>
          Reintentar
        </LightButton>
        <LightButton variant="contained" size="large">
          Siguiente
        </LightButton>
      </>,
    );
    const button = await screen.findByRole('button', { name: 'Cerrar sesión' });
    expect(button.getAttribute('type')).toBe('button');
    button.focus();
    await user.keyboard('{Enter}');
    await user.keyboard(' ');
    expect(onClick).toHaveBeenCalledTimes(2);
    screen.getByRole('button', { name: 'Reintentar' }).click();
    expect(onClick).toHaveBeenCalledTimes(2);
    // One style rule for every light button, resolved against the app's theme.
    expect(getComputedStyle(button).minHeight).toBe('44px');
    expect(getComputedStyle(screen.getByRole('button', { name: 'Siguiente' })).minHeight).toBe('48px');
    expect(screen.getByRole('button', { name: 'Siguiente' }).className.split(' ')[0]).toBe(button.className.split(' ')[0]);
  });

  // The test router has no /encuestas base: the app's adds it to every href.
  it('a link button and a text link go to their page inside the app', async () => {
    const { user } = renderScreen(
      <>
        <LightLinkButton to="/evaluated-list" variant="contained">
          Volver a mis encuestas
        </LightLinkButton>
        <LightLink to="/aviso-de-privacidad" touch>
          Aviso de privacidad
        </LightLink>
      </>,
    );
    const back = await screen.findByRole('link', { name: 'Volver a mis encuestas' });
    expect(back.getAttribute('href')).toBe('/evaluated-list');
    expect(screen.getByRole('link', { name: 'Aviso de privacidad' }).getAttribute('href')).toBe('/aviso-de-privacidad');
    await user.click(back);
    expect(await screen.findByText('Otra página')).toBeTruthy();
  });
});
