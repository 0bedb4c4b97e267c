import { Button, Card, FileButton, Image, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { ERRORS, IMAGE_TOO_LARGE, SUCCESS } from '../../../domain/messages';
import { SITE_IMAGE_SLOTS, slotHint } from '../../../domain/siteImages';
import { notify, notifyError, notifySuccess, reloadKeepingNotifications } from '../../../ui/notify';
import { PageTitle } from '../../../ui/PageTitle/PageTitle';
import { SITE_ARTWORK } from '../../../ui/siteArtwork';
import { refreshSiteImages, useSiteImage } from '../../../ui/siteImages';
import { useMachineWith } from '../../../ui/useMachineWith';
import { siteImageUploadMachine } from '../../../../machines/flows/siteImageUploadMachine';

type Slot = (typeof SITE_IMAGE_SLOTS)[number];

function SlotCard({ slot, busy, onPick }: { slot: Slot; busy: boolean; onPick: (file: File) => void }) {
  const uploaded = useSiteImage(slot.type);
  const preview = uploaded ?? SITE_ARTWORK[slot.type];
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={slot.label}>
      <Stack gap="xs">
        <Title order={3} size="h5">
          {slot.label}
        </Title>
        <Text size="sm" c="dimmed">
          {slotHint(slot.hint)}
        </Text>
        {preview ? (
          <Image src={preview} alt={`Current ${slot.label}`} h={120} fit="contain" radius="sm" bg="dark.7" />
        ) : (
          <Text size="sm" c="dimmed" h={120}>
            No image uploaded: the site shows its built-in artwork.
          </Text>
        )}
        <FileButton accept="image/*" inputProps={{ 'aria-label': `${slot.label} file` }} onChange={(file) => file && onPick(file)}>
          {(props) => (
            <Button {...props} variant="light" loading={busy}>
              Upload {slot.label}
            </Button>
          )}
        </FileButton>
      </Stack>
    </Card>
  );
}

/** /admin/images: the six site image slots, each with its size hint, current preview and an image picker. */
export function AdminImagesPage() {
  const [snapshot, send] = useMachineWith(siteImageUploadMachine, {
    actions: {
      notifyUploaded: () => notifySuccess(SUCCESS.imageUpdated),
      reportTooLarge: () => notify({ title: ERRORS.genericTitle, message: IMAGE_TOO_LARGE, type: 'ERROR' }),
      reportError: (_, { error }) => notifyError(error),
      // The spec reloads the page after an upload (Image Updated lives on through it); the images are read again first,
      // for a browser that keeps the page.
      reloadPage: () => void refreshSiteImages().then(reloadKeepingNotifications),
    },
  });
  const uploading = snapshot.matches('uploading');
  return (
    <>
      <PageTitle documentTitle="Images">Images</PageTitle>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {SITE_IMAGE_SLOTS.map((slot) => (
          <SlotCard key={slot.type} slot={slot} busy={uploading} onPick={(file) => send({ type: 'image.pick', path: slot.path, file })} />
        ))}
      </SimpleGrid>
    </>
  );
}
