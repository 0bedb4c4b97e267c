import { Group, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The heading of a screen, with optional actions on the right. Also sets the document title. */
export function PageTitle({ children, actions, documentTitle }: { children: ReactNode; actions?: ReactNode; documentTitle?: string }) {
  const text = documentTitle ?? (typeof children === 'string' ? children : null);
  return (
    <Group justify="space-between" mb="lg" wrap="wrap">
      {text && <title>{`${text} · Clutch`}</title>}
      <Title order={1} fz={{ base: 26, sm: 32 }} tt="uppercase" lts={1}>
        {children}
      </Title>
      {actions && <Group gap="sm">{actions}</Group>}
    </Group>
  );
}
