import './app/preact-react-parity';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/app-providers';
import { installPreloadErrorReload } from './app/preload-error';
import { createAppRouter } from './app/router';
import { LoadingScreen } from './components/loading-screen';

let router: ReturnType<typeof createAppRouter> | undefined;

// A lazy chunk gone after a deployment: reload once, straight to the page being opened.
installPreloadErrorReload(() => {
  const pending = router?.state.navigation.location;
  return pending ? router?.createHref(pending) : undefined;
});

const container = document.getElementById('root');
if (!container) throw new Error('Falta el elemento #root en index.html');

// Three tasks, not one: the modules run, then the router starts (matching
// every route, running the page's loaders and asking for its code: a third
// of what was the modules' task), then the first render. A slow phone can
// answer a tap in between, and Lighthouse counts each task's time beyond
// 50 ms (its CPU slowed 4×) as blocking. The first render in a task of its
// own measured +1 to +3 (medians) on the list, form and suggestion box pages.
setTimeout(() => {
  const started = createAppRouter();
  router = started;
  setTimeout(() => {
    createRoot(container).render(
      <StrictMode>
        <AppProviders>
          <Suspense fallback={<LoadingScreen />}>
            <RouterProvider router={started} />
          </Suspense>
        </AppProviders>
      </StrictMode>,
    );
  }, 0);
}, 0);
