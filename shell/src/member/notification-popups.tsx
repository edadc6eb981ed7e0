import type { UserNotification } from '@ukd/contracts/api';
import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { useNavigate } from 'react-router';
import { useShellServices } from '../session/shell-services';
import { notificationTarget, notificationText, popupDismissed, selectPopups } from './notifications-slice';

/** SPEC §9: a popup leaves after 5000 ms. */
export const popupDismissMs = 5000;

function Popup({ notification }: { notification: UserNotification }) {
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const { api } = useShellServices();
  const report = (action_type: 'IMPRESSION' | 'CLICKED') =>
    api('/site-popups', {
      method: 'POST',
      body: {
        profile_user_uuid: notification.data.from_user_uuid,
        notification_type: notification.data.action_type,
        action_type,
      },
    }).catch((error: unknown) => console.warn('popup tracking failed', error));

  // biome-ignore lint/correctness/useExhaustiveDependencies: one impression per popup, not per render
  useEffect(() => {
    void report('IMPRESSION');
    const timer = setTimeout(() => dispatch(popupDismissed(notification.id)), popupDismissMs);
    return () => clearTimeout(timer);
  }, [dispatch, notification.id]);

  return (
    <div className="shell-popup" role="status">
      <button
        type="button"
        className="shell-popup__body"
        onClick={() => {
          void report('CLICKED');
          dispatch(popupDismissed(notification.id));
          navigate(notificationTarget(notification));
        }}
      >
        <img src={notification.data.image} alt="" width="44" height="44" />
        <span>{notificationText(notification)}</span>
      </button>
      <button
        type="button"
        className="shell-popup__close"
        aria-label="Close"
        onClick={() => dispatch(popupDismissed(notification.id))}
      >
        ×
      </button>
    </div>
  );
}

/** New notifications pop up newest on top. */
export function NotificationPopups() {
  const popups = useSelector(selectPopups);
  return (
    <div className="shell-popups" aria-live="polite">
      {popups.map((notification) => (
        <Popup key={notification.id} notification={notification} />
      ))}
    </div>
  );
}
