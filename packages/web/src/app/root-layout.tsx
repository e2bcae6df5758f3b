import { Suspense } from 'react';
import LinearProgress from '@mui/material/LinearProgress';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { LoadingScreen } from '../components/loading-screen';

/** Every page: a thin bar while the next page (or its code) loads, and the pulsing logo for anything suspended. */
export function RootLayout() {
  const navigation = useNavigation();
  return (
    <>
      {navigation.state === 'loading' ? (
        <LinearProgress
          color="secondary"
          aria-label="Cargando página"
          sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: (t) => t.zIndex.tooltip + 1 }}
        />
      ) : null}
      <Suspense fallback={<LoadingScreen />}>
        <Outlet />
      </Suspense>
      <ScrollRestoration />
    </>
  );
}
