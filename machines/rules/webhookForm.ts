import { webhookParts } from '../../src/api/contract/announcements';
import { ANNOUNCEMENT_ERRORS } from '../../src/domain/messages';

/*
 * The Discord webhook of the admin tournament and season forms (issue 25). The form never holds the current webhook
 * (its token is a secret the server does not give back): an empty field keeps what is set, a URL replaces it, and
 * "Stop announcing" removes it.
 */

export interface WebhookFormValues {
  discordWebhook: string;
  removeWebhook: boolean;
}

export const emptyWebhookValues = (): WebhookFormValues => ({ discordWebhook: '', removeWebhook: false });

/** Empty, or shaped like a Discord webhook URL (the server also checks that it is Discord's). */
export const webhookRule = (value: string) => (value.trim() === '' || webhookParts(value.trim()) ? null : ANNOUNCEMENT_ERRORS.webhookUrl);

/** What saving the form does to the webhook: set this URL, remove it (null), or leave it (undefined). */
export function webhookChange(values: WebhookFormValues): string | null | undefined {
  if (values.removeWebhook) return null;
  const url = values.discordWebhook.trim();
  return url === '' ? undefined : url;
}
