import type { ShellContext } from '@ukd/contracts';
import { echoChannels } from '@ukd/contracts/api/constants';
import { useCallback, useEffect, useRef, useState } from 'react';

/** A whisper at most every 2 s while typing; shown for 4 s after the last one. */
export const typingThrottleMs = 2000;
export const typingShownMs = 4000;
const typingEvent = 'typing';

/**
 * The typing indicator: `client-typing` whispers on the conversation's channel. The server
 * relays them to the other participant only, so no message, credit or storage is involved.
 */
export function useTyping(shell: ShellContext, conversationUuid: string, myUuid: string | undefined) {
  const [chatmateTyping, setChatmateTyping] = useState(false);
  const lastSent = useRef(0);

  useEffect(() => {
    let hide: ReturnType<typeof setTimeout> | undefined;
    const stop = shell.realtime.listenForWhisper(
      echoChannels.conversation(conversationUuid),
      typingEvent,
      (payload) => {
        const from = (payload as { user_uuid?: unknown }).user_uuid;
        if (typeof from !== 'string' || from === myUuid) return;
        setChatmateTyping(true);
        clearTimeout(hide);
        hide = setTimeout(() => setChatmateTyping(false), typingShownMs);
      },
    );
    return () => {
      stop();
      clearTimeout(hide);
    };
  }, [shell, conversationUuid, myUuid]);

  const notifyTyping = useCallback(() => {
    const now = Date.now();
    if (!myUuid || now - lastSent.current < typingThrottleMs) return;
    lastSent.current = now;
    shell.realtime.whisper(echoChannels.conversation(conversationUuid), typingEvent, { user_uuid: myUuid });
  }, [shell, conversationUuid, myUuid]);

  /** Their message arrived: they have stopped typing it. */
  const chatmateSent = useCallback(() => setChatmateTyping(false), []);

  return { chatmateTyping, notifyTyping, chatmateSent };
}
