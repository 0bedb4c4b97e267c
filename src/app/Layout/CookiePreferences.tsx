import { Button, Checkbox, Stack, Text } from '@mantine/core';
import { AppModal } from '../../ui/AppModal/AppModal';

/** Cookie preferences: Clutch only sets strictly necessary cookies, so there is nothing optional to switch off. */
export function CookiePreferences({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <AppModal opened={opened} onClose={onClose} title="Cookie Preferences">
      <Stack>
        <Text size="sm">
          Clutch uses only strictly necessary cookies: your sign-in session, its refresh token and a security token
          that protects your actions. Your browser also keeps a copy of your profile so pages load faster.
        </Text>
        <Checkbox label="Strictly necessary (always on)" checked readOnly disabled />
        <Checkbox label="Analytics and marketing (not used)" checked={false} readOnly disabled />
        <Button onClick={onClose}>Done</Button>
      </Stack>
    </AppModal>
  );
}
