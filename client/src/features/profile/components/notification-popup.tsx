import { useRef } from 'react';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { notificationAcknowledged } from '@/lib/auth.slice';
import { Icon } from '@/components/ui/icon';
import { bellIcon } from '@/components/ui/app-icons';
import { readAcknowledgedNotification, storeAcknowledgedNotification } from '@/lib/session-storage';
import { useFocusTrap } from '@/lib/use-focus-trap';
import { useMarkNotificationSeenMutation } from '../api/notification-seen.api';

/**
 * The admins' notification (from login or GET /auth, which leave out one this user has seen);
 * stays until OK, once per id: OK is remembered on the server for every device, and locally
 * so it does not flash again before the server's answer.
 */
export const NotificationPopup = () => {
  const dispatch = useAppDispatch();
  const notification = useAppSelector((state) => state.auth.notification);
  const [markSeen] = useMarkNotificationSeenMutation();
  const box = useRef<HTMLDivElement>(null);
  const shown = notification !== null && notification.id !== readAcknowledgedNotification();

  const acknowledge = () => {
    if (!notification) return;
    storeAcknowledgedNotification(notification.id);
    dispatch(notificationAcknowledged());
    void markSeen({ id: Number(notification.id) });
  };
  // Focus on OK while it shows and Tab kept there; Escape is OK too (the notice was seen).
  useFocusTrap(box, { active: shown, onEscape: acknowledge });
  if (!notification || !shown) return null;

  return (
    <div className="modal-backdrop">
      <div
        ref={box}
        className="modal"
        tabIndex={-1}
        role="dialog"
        aria-modal="true"
        aria-labelledby="notification-title"
        aria-describedby="notification-message"
      >
        <span className="modal-icon" aria-hidden="true">
          <Icon path={bellIcon} size={24} />
        </span>
        <h2 id="notification-title">Notice</h2>
        <p id="notification-message" className="modal-message">
          {notification.msg}
        </p>
        <button type="button" className="btn btn-primary btn-block" onClick={acknowledge}>
          OK
        </button>
      </div>
    </div>
  );
};
