import { Button, Checkbox, Paper, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import type { User } from '../../api/contract/user';
import { updateOwnProfile } from '../../api/endpoints/users';
import { notifyError, notifySuccess } from '../../ui/notify';
import { useSessionActor } from '../../ui/session';
import { PROFILE, SUCCESS } from '../../domain/messages';

interface ProfileValues {
  battleTag: string;
  twitterHandle: string;
  twitchName: string;
  youtubeChannel: string;
  freeAgent: boolean;
}

/** The player's own profile form: Activision ID only while unset, Twitter, Twitch, YouTube, free agent. */
export function ProfileForm({ user, onSaved }: { user: User; onSaved: () => void }) {
  const session = useSessionActor();
  const [saving, setSaving] = useState(false);
  const tagSet = user.battleTag !== null;
  const form = useForm<ProfileValues>({
    initialValues: {
      battleTag: user.battleTag ?? '',
      twitterHandle: user.twitterHandle ?? '',
      twitchName: user.twitchName ?? '',
      youtubeChannel: user.youtubeChannel ?? '',
      freeAgent: user.freeAgent,
    },
  });
  const submit = form.onSubmit(({ battleTag, ...rest }) => {
    setSaving(true);
    const tag = battleTag.trim();
    updateOwnProfile({ ...rest, ...(tagSet || !tag ? {} : { battleTag: tag }) })
      .then(() => {
        notifySuccess(SUCCESS.profileUpdated);
        session.send({ type: 'session.refresh' });
        onSaved();
      }, notifyError)
      .finally(() => setSaving(false));
  });
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-label="Edit profile">
      <Title order={2} size="h4" mb="md">
        Edit Profile
      </Title>
      <form noValidate onSubmit={submit}>
        <Stack gap="md" maw={480}>
          <TextInput
            label="Activision ID"
            disabled={tagSet}
            description={tagSet ? PROFILE.battleTagLocked : undefined}
            maxLength={64}
            {...form.getInputProps('battleTag')}
          />
          <TextInput label="Twitter" maxLength={100} {...form.getInputProps('twitterHandle')} />
          <TextInput label="Twitch" maxLength={100} {...form.getInputProps('twitchName')} />
          <TextInput label="YouTube" maxLength={100} {...form.getInputProps('youtubeChannel')} />
          <Checkbox label="Free agent" {...form.getInputProps('freeAgent', { type: 'checkbox' })} />
          <Button type="submit" loading={saving} w="fit-content">
            Save Profile
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
