import { PROTOCOL_VERSIONS } from '../wire/protocol-version.js';
import type { NotificationMethod } from './method-descriptor.js';

/** `notifications/cancelled`: the transport aborts the named request if it is still running. */
export const CANCELLED: NotificationMethod = {
  kind: 'notification',
  method: 'notifications/cancelled',
  revisions: PROTOCOL_VERSIONS,
  receive: (message) => {
    const requestId = message.params?.requestId;
    return typeof requestId === 'string' || typeof requestId === 'number'
      ? { status: 202, cancelled: requestId }
      : undefined;
  },
};
