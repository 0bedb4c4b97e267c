import { Button, Center, Loader, Stack, Title } from '@mantine/core';
import { Suspense, type ReactNode } from 'react';
import { ApiError } from '../../api/client';
import type { ViewMatch } from '../../bracket/model';
import { lazyNamed } from '../../ui/onDemand';
import { NotFound } from '../../ui/NotFound/NotFound';
import type { EmbedOptions } from '../../shared/embed/embedOptions';

// Pixi and the canvas come in a chunk of their own, fetched at once (the canvas mounts while the matches load).
const EmbedBracket = lazyNamed(() => import('./EmbedBracket'), 'EmbedBracket');

export interface EmbedViewProps {
  /** What the embed's reads failed with (null: no failure); a 404 shows the not-found state. */
  error: unknown;
  onRetry: () => void;
  /** What to show instead of the canvas when there is nothing to draw (no bracket yet); null: the canvas. */
  empty: ReactNode;
  matches: readonly ViewMatch[];
  loading: boolean;
  /** The document's title (the tournament or division name), once known. */
  title: string | null;
  matchUrl: (id: number) => string;
  options: EmbedOptions;
  hints: readonly string[];
}

/** The states every embed goes through: not found, a failed read, nothing to draw yet, or the live canvas. */
export function EmbedView({ error, onRetry, empty, matches, loading, title, matchUrl, options, hints }: EmbedViewProps) {
  if (error instanceof ApiError && error.status === 404) return <NotFound inFrame />;
  if (error) {
    return (
      <Stack align="center" py={60} gap="md">
        <Title order={1} size="h2">
          This bracket could not be loaded
        </Title>
        <Button variant="light" onClick={onRetry}>
          Try again
        </Button>
      </Stack>
    );
  }
  return (
    <>
      {title && <title>{`${title} bracket · Clutch`}</title>}
      {empty ? (
        <Center h="100dvh" p="md">
          {empty}
        </Center>
      ) : (
        <Suspense
          fallback={
            <Center h="100dvh" role="status" aria-label="Loading the bracket">
              <Loader size="sm" />
            </Center>
          }
        >
          <EmbedBracket matches={matches} loading={loading} options={options} hints={hints} matchUrl={matchUrl} />
        </Suspense>
      )}
    </>
  );
}
