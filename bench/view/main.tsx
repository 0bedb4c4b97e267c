import '@mantine/core/styles.css';
import { Container, MantineProvider, Title } from '@mantine/core';
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { benchMatches } from '../bracket/data';

// The React bracket view in StrictMode, loaded lazily like a route would: for screenshots and
// for checking the engine survives StrictMode's double mount.
const BracketView = lazy(() => import('../../src/bracket/BracketView'));

const params = new URLSearchParams(location.search);
const n = Number(params.get('n') ?? 64);
const matches = benchMatches(n, Number(params.get('share') ?? 0.5), params.get('images') === '1');
const opened: number[] = [];
(window as unknown as { opened: number[] }).opened = opened;

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <MantineProvider defaultColorScheme="dark">
      <Container size={1200} py="md">
        <Title order={2} mb="sm">
          Bracket ({n} entrants)
        </Title>
        <Suspense fallback={<p>Loading bracket…</p>}>
          <BracketView matches={matches} matchHref={(id) => `/tournaments/1/match/${id}`} onOpenMatch={(id) => opened.push(id)} height={600} />
        </Suspense>
      </Container>
    </MantineProvider>
  </StrictMode>,
);
