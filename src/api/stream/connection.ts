// The WebSocket as an XState callback actor (the socket machine invokes it; tests fake it).
import { fromCallback, type EventObject } from 'xstate';
import type { ConnectionCommand } from '../../../machines/socket.machine.ts';
import type { StreamMessage } from '../../protocol/stream.ts';
import { fetchStreamInfo, streamUrl } from './stream-info.ts';

export const streamConnection = fromCallback<ConnectionCommand, unknown, EventObject>(
  ({ sendBack, receive }) => {
    let socket: WebSocket | null = null;
    let stopped = false;
    fetchStreamInfo()
      .then((info) => {
        if (stopped) return;
        socket = new WebSocket(streamUrl(info, window.location));
        socket.onopen = () => sendBack({ type: 'ws.open' });
        socket.onmessage = (e) => {
          try {
            sendBack({ type: 'ws.message', msg: JSON.parse(String(e.data)) as StreamMessage });
          } catch {
            // Not JSON: nothing the site understands.
          }
        };
        socket.onclose = (e) => {
          if (!stopped) sendBack({ type: 'ws.close', code: e.code });
        };
      })
      .catch(() => {
        if (!stopped) sendBack({ type: 'ws.close', code: 0 });
      });
    receive((command) => {
      if (command.type === 'ws.send' && socket?.readyState === WebSocket.OPEN)
        socket.send(JSON.stringify(command.msg));
    });
    return () => {
      stopped = true;
      socket?.close(1000);
    };
  },
);
