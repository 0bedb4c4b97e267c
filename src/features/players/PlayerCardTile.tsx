import { ActionIcon, Anchor, Avatar, Card, Image, Stack, Text } from '@mantine/core';
import type { PlayerCard } from '../../api/contract/admin';
import classes from './PlayerCards.module.css';

interface PlayerCardTileProps {
  card: PlayerCard;
  /** Staff only: the hover delete icon. */
  onDelete?: (card: PlayerCard) => void;
}

/** One player card: picture, name, rank and a link to the player's Twitter profile. */
export function PlayerCardTile({ card, onDelete }: PlayerCardTileProps) {
  return (
    <Card withBorder radius="md" padding="sm" className={classes.card} component="article" aria-label={card.name}>
      <Card.Section>
        {card.pictureUrl ? (
          <Image src={card.pictureUrl} alt={card.name} h={220} fit="cover" loading="lazy" />
        ) : (
          <Avatar h={220} w="100%" radius={0} color="clutch" aria-label={card.name}>
            {card.name.slice(0, 1).toUpperCase()}
          </Avatar>
        )}
      </Card.Section>
      <Stack gap={2} mt="sm" align="center">
        <Text fw={700} ta="center">
          {card.name}
        </Text>
        <Text size="sm" c="dimmed">
          Rank {card.rank}
        </Text>
        <Anchor href={`https://twitter.com/${card.twitterHandle}`} target="_blank" rel="noopener noreferrer" size="sm">
          @{card.twitterHandle}
        </Anchor>
      </Stack>
      {onDelete && (
        <ActionIcon
          className={classes.delete}
          color="red"
          variant="filled"
          aria-label={`Delete ${card.name}`}
          title="Delete player card"
          onClick={() => onDelete(card)}
        >
          <span aria-hidden>✕</span>
        </ActionIcon>
      )}
    </Card>
  );
}
