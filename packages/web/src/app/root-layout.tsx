import { Suspense } from 'react';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { LoadingScreen } from '../components/loading-screen';
import { keyframes } from '../components/light-sheet';
import { useStaticClass } from '../components/static-style';

const slide = keyframes('light-slide', 'from{transform:translateX(-100%)}to{transform:translateX(250%)}');

/**
 * MUI's indeterminate LinearProgress (secondary colour, 4 px, at the top of
 * the screen) as one element and its ::after: every page's entry carried
 * LinearProgress for it (docs/benchmarks.md).
 */
const BAR_SX = {
  position: 'fixed',
  top: 0,
  left: 0,
  right: 0,
  height: 4,
  overflow: 'hidden',
  zIndex: (t: { zIndex: { tooltip: number } }) => t.zIndex.tooltip + 1,
  bgcolor: 'secondary.light',
  '&::after': {
    content: '""',
    position: 'absolute',
    inset: 0,
    width: '40%',
    bgcolor: 'secondary.main',
    animation: `${slide} 1.2s cubic-bezier(0.65, 0.815, 0.735, 0.395) infinite`,
  },
} as const;

function NavigationBar() {
  return <div role="progressbar" aria-label="Cargando página" className={useStaticClass(BAR_SX)} />;
}

/** Every page: a thin bar while the next page (or its code) loads, and the pulsing logo for anything suspended. */
export function RootLayout() {
  const navigation = useNavigation();
  return (
    <>
      {navigation.state === 'loading' ? <NavigationBar /> : null}
      <Suspense fallback={<LoadingScreen />}>
        <Outlet />
      </Suspense>
      <ScrollRestoration />
    </>
  );
}
