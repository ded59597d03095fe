import { takeLateResult } from '../../conversation/index.js';
import type { ThreadContext } from '../context.js';
import type { AgUiConnection } from './ag-ui/connection.js';
import { aiSdkProtocol } from './ai-sdk/protocol.js';
import type { Protocol, ProtocolName } from './protocol.js';
import { StreamReader } from './stream-reader.js';

/*
 * The code a thread needs only once it talks to its agent over the network:
 * the stream reader and each protocol's door. `AgentLink` loads this
 * module when the page is idle, or at once when the thread needs it first,
 * so a thread page paints before any of it is loaded.
 */

/** Builds the thread's stream reader and its protocols' doors, wired to the thread. */
export function startStreaming(ctx: ThreadContext, agUi: AgUiConnection) {
  const { host, state, report, streamEnded } = ctx;
  const stream = new StreamReader(
    host,
    {
      answering: () => Boolean(state.openTurn),
      openTurn: () => state.openTurn ?? state.openNewTurn(),
      late: (part) => {
        // A sealed turn's late result changes nothing on screen: it is saved, to go back with its call.
        const turn = takeLateResult(state, part);
        if (turn) state.announce({ turn });
      },
      report,
      streamEnded,
    },
    () => host.streamLimits,
  );
  const protocols: Record<ProtocolName, Protocol> = {
    'ai-sdk': aiSdkProtocol(ctx, stream),
    'ag-ui': agUi.protocol(stream),
  };
  return { stream, protocols };
}

export type Streaming = ReturnType<typeof startStreaming>;
