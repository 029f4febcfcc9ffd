/** Notifications (§2): top centre, 3000 ms, danger for errors. */
import { notifications } from '@mantine/notifications';
import { messagesFor, useLocale } from './locale-store';

export const NOTIFICATION_MS = 3000;
export type Tone = 'danger' | 'success' | 'info' | 'warning';

const COLORS: Record<Tone, string> = { danger: 'red', success: 'green', info: 'blue', warning: 'orange' };

export function notify(message: string, tone: Tone = 'info'): void {
  notifications.show({ message, color: COLORS[tone], autoClose: NOTIFICATION_MS, withBorder: true, closeButtonProps: { 'aria-label': closeLabel() } });
}

/** The close button's name in the language shown (notify is called outside React). */
function closeLabel(): string {
  const { catalogues, locale } = useLocale.getState();
  return messagesFor(catalogues, locale)['web.common.closeNotification'] ?? 'Close notification';
}
