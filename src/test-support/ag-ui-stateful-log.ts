import type { Message } from '@ag-ui/core';

/* What the stateful AG-UI test server (test/servers/ag-ui-stateful.ts) reports of a thread. */

/** What the server found in one run. */
export interface RunLog {
  runId: string;
  /** Ids of the messages sent that the server did not hold. */
  added: string[];
  /** Held messages the run was sent again, but changed. */
  changed: string[];
  /** Held messages that the run was not sent, and that are not after its question (lost history). */
  lost: string[];
  /** Held messages after the question that the run was not sent: dropped, as a regenerate forks. */
  forked: string[];
  /** The run's last user message as it was sent. */
  question?: Message;
  finished: boolean;
}

/** What `GET /api/ag-ui-stateful/log` answers for a thread. */
export interface ServerLog {
  runs: RunLog[];
  stored: Message[];
}
