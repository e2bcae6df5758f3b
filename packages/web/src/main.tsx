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

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <Suspense fallback={<LoadingScreen />}>
        <RouterProvider router={router} />
      </Suspense>
    </AppProviders>
  </StrictMode>,
);
