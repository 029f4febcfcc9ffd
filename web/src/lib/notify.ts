/** Notifications (§2): top centre, 3000 ms, danger for errors. */
import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { messagesFor, useLocale } from './locale-store';

export const NOTIFICATION_MS = 3000;
/** How long a notification with a link stays: long enough to reach the link. */
export const LINK_NOTIFICATION_MS = 10_000;
export type Tone = 'danger' | 'success' | 'info' | 'warning';

const COLORS: Record<Tone, string> = { danger: 'red', success: 'green', info: 'blue', warning: 'orange' };

/** Shows `message` (a sentence, or a sentence with a link), closing itself after `autoClose` ms. */
export function notify(message: ReactNode, tone: Tone = 'info', autoClose = NOTIFICATION_MS): void {
  notifications.show({ message, color: COLORS[tone], autoClose, withBorder: true, closeButtonProps: { 'aria-label': closeLabel() } });
}

/** The close button's name in the language shown (notify is called outside React). */
function closeLabel(): string {
  const { catalogues, locale } = useLocale.getState();
  return messagesFor(catalogues, locale)['web.common.closeNotification'] ?? 'Close notification';
}
