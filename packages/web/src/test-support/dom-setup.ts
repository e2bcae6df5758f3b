import { afterEach, beforeEach } from 'vitest';
import { configure } from '@testing-library/react';
import { theme } from '../app/theme';
import { checkStylesWith } from '../components/static-style';
import { installFakeServer, removeFakeServer } from './dom-harness';

/**
 * Every component test file: findBy and waitFor wait up to 90 s. A hang
 * detector only (Testing Library's default is 1 s): on a 2-core machine at
 * load 20 a lazy screen's chunk took over 20 s to load, and a test asserts
 * what the screen shows, never how fast.
 */
configure({ asyncUtilTimeout: 90_000 });

// Here rather than in dom-harness.tsx: a setup file runs for every test file, while a shared module's
// top-level hooks would register for the first file of a worker only (the project runs with isolate: false).
beforeEach(installFakeServer);
afterEach(removeFakeServer);

// Every light style the screens make is also resolved by MUI against theme.ts's theme, and must come out the
// same, order included: light-sx.ts and app/light-theme.ts stand in for MUI's sx and theme in the app.
checkStylesWith((sx, resolved) => {
  const mui = JSON.stringify(theme.unstable_sx(sx));
  const own = JSON.stringify(resolved);
  if (own !== mui) throw new Error(`light-sx.ts resolved a style unlike MUI:\n  sx:   ${JSON.stringify(sx)}\n  MUI:  ${mui}\n  ours: ${own}`);
});
