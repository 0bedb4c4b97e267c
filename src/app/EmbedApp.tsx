import { MantineProvider } from '@mantine/core';
import type { ComponentType } from 'react';
import { Route, Switch } from 'wouter';
import { EmbedDivisionPage } from '../features/embed/EmbedDivisionPage';
import type { EmbedOptions } from '../shared/embed/embedOptions';
import { EmbedTournamentPage, type EmbedPageProps } from '../features/embed/EmbedTournamentPage';
import { NotFound } from '../ui/NotFound/NotFound';
import { parseId } from '../ui/routeParams';
import { cssVariablesResolver, theme } from './theme';

/**
 * The embeddable bracket's routes (issue 23; a second entry, embed.html, that the server sends for /embed/*): the
 * canvas alone, without the site's header, footer, session or notifications. The site's own routes are in routes.tsx.
 */
const EMBED_ROUTES: { path: string; page: ComponentType<EmbedPageProps> }[] = [
  { path: '/embed/tournaments/:id', page: EmbedTournamentPage },
  { path: '/embed/division/:id', page: EmbedDivisionPage },
];

export function EmbedApp({ options, hints }: { options: EmbedOptions; hints: readonly string[] }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="dark" forceColorScheme="dark">
      <Switch>
        {EMBED_ROUTES.map(({ path, page: Page }) => (
          <Route key={path} path={path}>
            {(params: { id?: string }) => {
              const id = parseId(params.id);
              return id === null ? <NotFound inFrame /> : <Page key={id} id={id} options={options} hints={hints} />;
            }}
          </Route>
        ))}
        <Route>
          <NotFound inFrame />
        </Route>
      </Switch>
    </MantineProvider>
  );
}
