import './app/preact-react-parity';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/app-providers';
import { installPreloadErrorReload } from './app/preload-error';
import { createAppRouter } from './app/router';
import { LoadingScreen } from './components/loading-screen';

const router = createAppRouter();

// A lazy chunk gone after a deployment: reload once, straight to the page being opened.
installPreloadErrorReload(() => {
  const pending = router.state.navigation.location;
  return pending ? router.createHref(pending) : undefined;
});

const container = document.getElementById('root');
if (!container) throw new Error('Falta el elemento #root en index.html');

// The first render in a task of its own, after the modules have run: two
// shorter tasks instead of one long one, so a slow phone can answer a tap in
// between. Lighthouse (mobile) measured +1 to +3 (medians) on the list, form
// and suggestion box pages, runs interleaved with the build without it.
setTimeout(() => {
  createRoot(container).render(
    <StrictMode>
      <AppProviders>
        <Suspense fallback={<LoadingScreen />}>
          <RouterProvider router={router} />
        </Suspense>
      </AppProviders>
    </StrictMode>,
  );
}, 0);
