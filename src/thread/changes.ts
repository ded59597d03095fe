import type { ReactiveControllerHost } from 'lit';
import type { ChangeListener, ThreadState } from '../conversation/index.js';

/**
 * Has `listener` hear the conversation's changes while `host` is on the page
 * (from its `hostConnected` to its `hostDisconnected`): how each part of the
 * thread that reacts to a change (rendering, persistence, follow, the
 * announcer, the host's events, a queued question) takes it for itself,
 * with nothing in between that hands changes out.
 */
export function listenWhileConnected(
  host: ReactiveControllerHost,
  state: Pick<ThreadState, 'listen'>,
  listener: ChangeListener,
): void {
  let stop: (() => void) | undefined;
  host.addController({
    hostConnected: () => void (stop ??= state.listen(listener)),
    hostDisconnected: () => {
      stop?.();
      stop = undefined;
    },
  });
}
