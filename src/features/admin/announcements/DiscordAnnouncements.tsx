import { Button, Checkbox, Fieldset, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useSelector } from '@xstate/react';
import type { AnnouncementOwner } from '../../../api/endpoints/announcements';
import { SUCCESS } from '../../../domain/messages';
import { notifyError, notifySuccess } from '../../../ui/notify';
import { useMachineWith } from '../../../ui/useMachineWith';
import { announcementsMachine } from '../../../../machines/flows/announcementsMachine';
import { RecentDeliveries } from './RecentDeliveries';

/** What @mantine/form's getInputProps gives the two fields. */
type InputProps = GetInputPropsReturnType;

interface DiscordAnnouncementsProps {
  /** The tournament or season being edited; null while adding one (nothing announced yet). */
  owner: AnnouncementOwner | null;
  /** The webhook field (`discordWebhook`) and, when one is set, the remove checkbox (`removeWebhook`, type checkbox). */
  input: InputProps;
  remove: InputProps;
}

const WHAT = 'Clutch posts bracket starts, matches ready to play, results, disputes and the champion to a Discord channel.';
const HOW = 'In Discord: the channel’s settings → Integrations → Webhooks → New Webhook → Copy Webhook URL.';

function WebhookInput({ input, description }: { input: InputProps; description: string }) {
  return <TextInput label="Discord Webhook" placeholder="https://discord.com/api/webhooks/…" description={description} autoComplete="off" {...input} />;
}

/** The admin dialogs' Discord announcements: the webhook field, then (when editing) the webhook set, a test message and the latest deliveries. */
export function DiscordAnnouncements({ owner, input, remove }: DiscordAnnouncementsProps) {
  return (
    <Fieldset legend="Discord announcements" variant="filled">
      {owner ? <Announcements owner={owner} input={input} remove={remove} /> : <WebhookInput input={input} description={`Optional. ${WHAT} ${HOW}`} />}
    </Fieldset>
  );
}

function Announcements({ owner, input, remove }: { owner: AnnouncementOwner; input: InputProps; remove: InputProps }) {
  const [snapshot, send, actor] = useMachineWith(announcementsMachine, {
    input: { owner },
    actions: {
      reportError: (_, { error }) => notifyError(error),
      testQueued: () => notifySuccess(SUCCESS.testAnnouncementQueued),
    },
  });
  const settings = useSelector(actor, (s) => s.context.settings);
  const webhook = settings?.webhook ?? null;
  const busy = snapshot.matches('loading') || snapshot.matches('sendingTest');
  return (
    <Stack gap="sm">
      <WebhookInput
        input={input}
        description={webhook ? `Posting to ${webhook}. Paste another webhook URL to replace it.` : `Not set: nothing is posted. ${WHAT} ${HOW}`}
      />
      {webhook && <Checkbox label="Stop announcing (remove the webhook)" {...remove} />}
      <Group justify="space-between">
        <Text size="sm" fw={600}>
          Recent announcements
        </Text>
        <Group gap="xs">
          {busy && <Loader size="xs" aria-label="Loading announcements" />}
          <Button size="compact-sm" variant="default" onClick={() => send({ type: 'list.refresh' })} disabled={busy}>
            Refresh
          </Button>
          <Button size="compact-sm" variant="light" onClick={() => send({ type: 'test.send' })} disabled={!snapshot.can({ type: 'test.send' })}>
            Send test message
          </Button>
        </Group>
      </Group>
      {snapshot.matches('failed') ? (
        <Text size="sm" c="red.4">
          The announcements could not be loaded.
        </Text>
      ) : (
        settings && <RecentDeliveries deliveries={settings.deliveries} />
      )}
    </Stack>
  );
}
