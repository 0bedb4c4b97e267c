import { Button, Group, SimpleGrid, Stack } from '@mantine/core';
import { Link } from 'wouter';
import { PlayerCard } from '../../api/contract/admin';
import { PLAYER_CARDS_ENDPOINT } from '../../api/endpoints/playerCards';
import { PLAYER_CARDS_PAGE_SIZE } from '../../domain/constants';
import { ERRORS } from '../../domain/messages';
import { confirmAction } from '../../ui/ConfirmDialog/confirmAction';
import { notifyClientError, notifyError } from '../../ui/notify';
import { PagedCards } from '../../ui/PagedTable/PagedCards';
import { usePagedList } from '../../ui/PagedTable/usePagedList';
import { PageTitle } from '../../ui/PageTitle/PageTitle';
import { isStaffRole, useSessionUser } from '../../ui/session';
import { useMachineWith } from '../../ui/useMachineWith';
import { playerCardsMachine } from '../../../machines/flows/playerCardsMachine';
import { AddPlayerCardDialog } from './AddPlayerCardDialog';
import { PlayerCardTile } from './PlayerCardTile';

/**
 * PLAYER CARDS (/players/player-cards, and /admin/player-cards in the portal): a grid of 20 cards a page. Staff get
 * Add Player Card and a hover delete icon on each card; everyone else a PLAYER RANKS button.
 */
export function PlayerCardsPage() {
  const staff = isStaffRole(useSessionUser()?.role);
  const list = usePagedList(PLAYER_CARDS_ENDPOINT, PlayerCard, { perPage: PLAYER_CARDS_PAGE_SIZE });
  const [snapshot, send] = useMachineWith(playerCardsMachine, {
    actions: {
      reload: () => list.reload(),
      reportImageRequired: () => notifyClientError(ERRORS.imageRequired.title, ERRORS.imageRequired.message),
      reportError: (_, { error }) => notifyError(error),
      // The spec only logs a failed delete.
      logError: (_, { error }) => console.error(error),
    },
  });
  const askDelete = (card: PlayerCard) =>
    confirmAction({
      title: 'Delete Player Card',
      message: `Are you sure you want to delete the player card of ${card.name}? This cannot be undone.`,
      confirmLabel: 'Delete',
      onConfirm: () => send({ type: 'card.delete', id: card.id }),
    });
  const dialogOpen = snapshot.matches('editing') || snapshot.matches('adding');
  return (
    <>
      <PageTitle documentTitle="Player Cards">PLAYER CARDS</PageTitle>
      <Stack gap="md">
        <Group justify="flex-end">
          {staff ? (
            <Button onClick={() => send({ type: 'dialog.open' })}>Add Player Card</Button>
          ) : (
            <Button component={Link} href="/players" variant="light">
              PLAYER RANKS
            </Button>
          )}
        </Group>
        <PagedCards list={list} failedText="The player cards could not be loaded." emptyText="No Player Cards Found">
          {(cards) => (
            <SimpleGrid cols={{ base: 1, xs: 2, sm: 3, md: 4 }} spacing="md" aria-busy={snapshot.matches('deleting')}>
              {cards.map((card) => (
                <PlayerCardTile key={card.id} card={card} onDelete={staff ? askDelete : undefined} />
              ))}
            </SimpleGrid>
          )}
        </PagedCards>
      </Stack>
      {dialogOpen && (
        <AddPlayerCardDialog
          busy={snapshot.matches('adding')}
          onSubmit={(body, file) => send({ type: 'card.add', body, file })}
          onClose={() => send({ type: 'dialog.close' })}
        />
      )}
    </>
  );
}
