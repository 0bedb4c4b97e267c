import { Anchor, Avatar, Group, Image, Paper, Stack, Text } from '@mantine/core';
import type { SocialPost } from '../../api/contract/social';
import { DateText } from '../../ui/DateText/DateText';

export function SocialFeed({ posts }: { posts: SocialPost[] }) {
  if (posts.length === 0) return <Text c="dimmed">No posts yet.</Text>;
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Social feed">
      {posts.map((p) => (
        <Paper component="li" key={p.id} withBorder p="md" radius="md">
          <Group gap="sm" mb={6}>
            <Avatar color="clutch" radius="xl" size="sm">
              {p.author.slice(0, 1)}
            </Avatar>
            <Text fw={700} size="sm">
              {p.author}
            </Text>
            <Text size="sm" c="dimmed">
              {p.handle} · <DateText value={p.postedAt} />
            </Text>
          </Group>
          <Text size="sm">{p.text}</Text>
          {p.imageUrl && <Image src={p.imageUrl} alt="" radius="sm" mt="sm" h={240} fit="cover" loading="lazy" />}
          {p.url && (
            <Anchor href={p.url} target="_blank" rel="noopener" size="sm">
              View post
            </Anchor>
          )}
        </Paper>
      ))}
    </Stack>
  );
}
