import {
  describeErrors,
  jsonEqual,
  validateBlock,
  validateFinalAnswer,
  type Block,
  type FormValue,
  type ValidationError,
} from '../catalog/index.js';
import {
  newId,
  toolKey,
  type AssistantTurn,
  type BlockItem,
  type NoticeItem,
  type ThreadMessage,
  type ToolItem,
  type TurnItem,
  type UserMessage,
} from './messages.js';
import {
  A2UI_PART,
  ANSWER_TOOLS,
  BLOCK_PART,
  FINAL_ANSWER,
  FINAL_ANSWER_PART,
  OWN_DATA_PARTS,
  PRESENT_ANSWER,
  type NoticeCode,
  type TurnEnding,
} from './names.js';
import type { StreamPart } from './parts.js';
import { answerApprovalById, denyTool, requestApproval } from './approvals.js';
import {
  addFile,
  addSource,
  appendText,
  describeCall,
  describeText,
  currentStep,
  dropCurrentStep,
  finishText,
  finishTool,
  mergeMetadata,
  putData,
  textItem,
  toolItem,
} from './turn-items.js';

/*
 * The thread state machine: the turn rules applied to stream parts. No DOM
 * here: the elements render this state, the store saves it.
 */

/** What a part changed, for the elements to re-render as little as possible. */
export interface Change {
  turn: AssistantTurn;
  /** A new turn was opened (the message list changed). */
  opened?: boolean;
  /** A block appeared for the first time. */
  newBlock?: BlockItem;
  /** A block failed validation: the reader sees its fallback text, the host hears why. */
  rejected?: { blockId: string; errors: ValidationError[] };
  /** The final report arrived. */
  final?: boolean;
  /** The turn is over: the stream behind it should stop. */
  closed?: boolean;
  /** An inline notice was added. */
  notice?: NoticeItem;
  /** A data part for the host (`answer-data`); `transient` ones are not kept in the turn. */
  data?: { type: string; id?: string; data: unknown; transient: boolean };
  /** A tool call asks the reader for approval. */
  approval?: ToolItem;
  /** A block is on its way (a `present_answer` call began): its placeholder shows. */
  preparing?: boolean;
  /** An A2UI surface arrived before its shower was loaded (see `ThreadState.surfaces`). */
  surface?: { part: SurfacePart; after?: TurnItem };
}

/** A `data-a2ui` part: an A2UI surface's messages so far. */
export interface SurfacePart {
  id?: string;
  data: unknown;
}

/**
 * Shows A2UI surfaces as the blocks they make (`Surfaces` of `surfaces.ts`,
 * which the thread loads with `answer-ui/a2ui` once a surface arrives).
 */
export interface SurfaceShower {
  /** Shows a surface's latest messages (`data`; `id`: the surface) in `turn`. */
  show(state: ThreadState, turn: AssistantTurn, part: SurfacePart): Change | undefined;
  /** `turn` ends: a surface that never became whole shows what it holds. */
  end(state: ThreadState, turn: AssistantTurn): void;
  /** A retried step dropped `items`: the surfaces they showed or began go with them. */
  reset(turn: AssistantTurn, items: readonly TurnItem[]): void;
}

/** Ends an answer call's placeholder; returns the call, for its block to take its place. */
function prepared(tool: ToolItem): ToolItem | undefined {
  if (!tool.preparing) return undefined;
  delete tool.preparing;
  return tool;
}

/** Hears a change of the conversation (see `ThreadState.listen`). */
export type ChangeListener = (change: Change) => void;

export class ThreadState {
  messages: ThreadMessage[] = [];
  private readonly listeners = new Set<ChangeListener>();
  /** Records a tool call's result or error on its turn (`takeLateResult` uses it once the turn is over). */
  readonly finishTool = finishTool;
  /** Set when a final answer arrived while other tool calls were still running. */
  private closeWhenIdle = new WeakSet<AssistantTurn>();
  /**
   * A `final_answer` call naming blocks not yet shown, held until its result
   * says whether the back end took it: `answerTools` refuses it (the model
   * repairs it in its next step), a back end that does not check takes it.
   */
  private heldReports = new WeakMap<AssistantTurn, ToolItem>();
  /** The step each turn's report was published in (a retried step takes its report with it). */
  private reportSteps = new WeakMap<AssistantTurn, TurnItem | undefined>();
  /** Shows A2UI surfaces; until it is set, a surface arriving is handed on (`Change.surface`). */
  surfaces?: SurfaceShower;

  /** The turn parts apply to, if one is streaming. */
  get openTurn(): AssistantTurn | undefined {
    const last = this.messages.at(-1);
    return last?.role === 'assistant' && !last.closed && last.status === 'streaming'
      ? last
      : undefined;
  }

  /** Adds the reader's message; `id` keeps the id of a question edited and sent again. */
  addUser(
    text: string,
    data?: unknown,
    files?: UserMessage['files'],
    id = newId('user'),
  ): UserMessage {
    const message: UserMessage = {
      role: 'user',
      id,
      text,
      ...(data === undefined ? {} : { data }),
      ...(files?.length ? { files } : {}),
    };
    this.messages.push(message);
    return message;
  }

  openNewTurn(id = newId('assistant')): AssistantTurn {
    const turn: AssistantTurn = {
      role: 'assistant',
      id,
      items: [],
      status: 'streaming',
      closed: false,
    };
    this.messages.push(turn);
    return turn;
  }

  /** Opens `turn` again: the AI SDK streams the rest of a message whose tool calls were approved or denied into that message. */
  continueTurn(turn: AssistantTurn): AssistantTurn {
    turn.status = 'streaming';
    turn.closed = false;
    this.closeWhenIdle.delete(turn);
    return turn;
  }

  /** Drops `message` and all after it (an answer regenerated, a question edited); returns them. Nothing goes while a turn streams. */
  dropFrom(message: ThreadMessage): ThreadMessage[] {
    const at = this.messages.indexOf(message);
    if (at === -1 || this.openTurn) return [];
    return this.messages.splice(at);
  }

  /**
   * Ends the open turn, if any: the one way a turn ends, however it ends
   * (finish, abort, an error part, a dropped connection, Stop, the final
   * report). Open text and reasoning are done and a tool that never
   * reported is failed, exactly as the turn reads back after a reload.
   * A `notice` says why, in the turn.
   */
  endTurn(status: TurnEnding, notice?: { code: NoticeCode; detail: string }): Change | undefined {
    return this.announce(this.closeTurn(status, notice));
  }

  private closeTurn(
    status: TurnEnding,
    notice?: { code: NoticeCode; detail: string },
  ): Change | undefined {
    const turn = this.openTurn;
    if (!turn) return undefined;
    this.surfaces?.end(this, turn);
    const added = notice ? this.pushNotice(turn, notice.code, notice.detail) : undefined;
    turn.status = status;
    turn.closed = true;
    for (const item of turn.items) {
      if (item.kind === 'text' || item.kind === 'reasoning') finishText(item);
      else if (item.kind === 'tool') {
        delete item.preparing;
        if (item.status === 'running') item.status = 'failed';
      }
    }
    return { turn, closed: true, ...(added ? { notice: added } : {}) };
  }

  /** Adds an inline notice to the open turn (opening one if none is). */
  addNotice(code: NoticeCode, detail: string): Change {
    const turn = this.openTurn ?? this.openNewTurn();
    return this.announce({ turn, notice: this.pushNotice(turn, code, detail) })!;
  }

  private pushNotice(turn: AssistantTurn, code: NoticeCode, detail: string): NoticeItem {
    const notice: NoticeItem = { kind: 'notice', key: newId('notice'), code, detail };
    turn.items.push(notice);
    return notice;
  }

  /**
   * Hears every change of the conversation's turns, as each part, ending or
   * notice makes it and as `announce` tells of others; returns the function
   * that stops it. The thread's rendering, persistence, follow, announcer and
   * events each listen while their element is on the page.
   */
  listen(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  /** Tells every listener of `change` (a change made outside the stream, e.g. an approval answered); returns it. */
  announce(change: Change | undefined): Change | undefined {
    // Called for every part (each token): the set itself is walked, no copy made; a listener that
    // stops listening meanwhile is simply not called again.
    if (change) for (const listener of this.listeners) listener(change);
    return change;
  }

  /** Applies one stream part. Returns what changed, or undefined when the part was ignored. */
  apply(part: StreamPart): Change | undefined {
    return this.announce(this.applyPart(part));
  }

  private applyPart(part: StreamPart): Change | undefined {
    let turn = this.openTurn;
    let opened = false;
    if (!turn) {
      // A new turn starts with `start`, or with content answering a user message;
      // anything else is a late part of a turn that is over, and is ignored
      // (see `takeLateResult` for the one exception, which nothing shows).
      const last = this.messages.at(-1);
      if (part.type !== 'start' && last?.role === 'assistant') return undefined;
      if (part.type === 'finish' || part.type === 'abort') return undefined;
      turn = this.openNewTurn('messageId' in part && part.messageId ? part.messageId : undefined);
      opened = true;
    }
    const change = this.applyToTurn(turn, part);
    return change
      ? { ...change, opened: opened || change.opened }
      : opened
        ? { turn, opened }
        : undefined;
  }

  private applyToTurn(turn: AssistantTurn, part: StreamPart): Change | undefined {
    switch (part.type) {
      case 'start':
      case 'message-metadata':
        mergeMetadata(turn, part.messageMetadata);
        return { turn };
      case 'start-step':
        turn.items.push({ kind: 'step', key: newId('step') });
        return { turn };
      case 'source-url':
      case 'source-document':
        return addSource(turn, part) ? { turn } : undefined;
      case 'file':
      case 'reasoning-file':
        addFile(turn, part);
        return { turn };
      case 'custom':
        turn.items.push({
          kind: 'custom',
          key: newId('custom'),
          customKind: part.kind,
          ...(part.providerMetadata ? { providerMetadata: part.providerMetadata } : {}),
        });
        return { turn };
      case 'steering-message':
        // The reader's words, where they reached the answer; the same message twice is one.
        if (turn.items.some((i) => i.kind === 'steering' && i.id === part.id)) return undefined;
        turn.items.push({
          kind: 'steering',
          key: `steering:${part.id}`,
          id: part.id,
          text: part.text,
          ...(part.files.length ? { files: part.files } : {}),
        });
        return { turn };
      case 'reset-step':
        return this.resetStep(turn);
      case 'tool-approval-request': {
        const tool = requestApproval(turn, part);
        return tool && { turn, approval: tool };
      }
      case 'tool-approval-response':
        return answerApprovalById(turn, part) ? { turn } : undefined;
      case 'tool-output-denied':
        denyTool(turn, part.toolCallId);
        return this.closeIfIdle(turn) ?? { turn };
      case 'text-start':
      case 'reasoning-start':
        describeText(
          textItem(turn, part.type === 'text-start' ? 'text' : 'reasoning', part.id),
          part,
        );
        return { turn };
      case 'text-delta':
      case 'reasoning-delta': {
        const item = textItem(turn, part.type === 'text-delta' ? 'text' : 'reasoning', part.id);
        describeText(item, part);
        if (part.delta) appendText(item, part.delta);
        return { turn };
      }
      case 'text-end':
      case 'reasoning-end': {
        const item = textItem(turn, part.type === 'text-end' ? 'text' : 'reasoning', part.id);
        describeText(item, part);
        finishText(item);
        return { turn };
      }
      case 'tool-input-start': {
        const seen = turn.items.some((i) => i.key === toolKey(part.toolCallId));
        const tool = toolItem(turn, part.toolCallId, part.toolName);
        describeCall(tool, part);
        // Blocks appear whole; until this call's block is in, a placeholder holds its place.
        if (seen || part.toolName !== PRESENT_ANSWER) return { turn };
        tool.preparing = true;
        return { turn, preparing: true };
      }
      case 'tool-input-delta':
        return undefined;
      case 'tool-input-available': {
        const tool = toolItem(turn, part.toolCallId, part.toolName);
        describeCall(tool, part);
        // Kept with the call: it goes back with it, and an approval card shows it.
        tool.input = part.input;
        if (part.toolName === PRESENT_ANSWER)
          return this.applyBlock(turn, part.input, { call: tool, placeholder: prepared(tool) });
        if (part.toolName === FINAL_ANSWER) return this.applyFinal(turn, part.input, tool, true);
        return { turn };
      }
      case 'tool-output-available':
      case 'tool-output-error':
      case 'tool-input-error': {
        finishTool(turn, part);
        const held = this.heldReports.get(turn);
        // A held report stands unless its call was refused (an error, or `{ ok: false }`).
        if (held?.key === toolKey(part.toolCallId)) {
          this.heldReports.delete(turn);
          if ('output' in part && (part.output as { ok?: unknown } | null)?.ok !== false)
            return this.applyFinal(turn, held.input, held);
        }
        return this.closeIfIdle(turn) ?? { turn };
      }
      case BLOCK_PART: {
        // A data part names no tool call. A back end that hides its answer
        // calls (`withoutAnswerToolCalls`) writes a call's block while the
        // call runs, so the block belongs to the oldest call still preparing.
        const call = turn.items.find(
          (i): i is ToolItem => i.kind === 'tool' && Boolean(i.preparing),
        );
        if (call?.status === 'running') call.status = 'done';
        return this.applyBlock(turn, part.data, {
          partId: part.id,
          placeholder: call && prepared(call),
        });
      }
      case 'finish-step': {
        // A step's tool calls have all run when it finishes: a call with no block by then was rejected.
        const rejected = turn.items.filter(
          (i): i is ToolItem => i.kind === 'tool' && Boolean(i.preparing),
        );
        for (const call of rejected) {
          prepared(call);
          if (call.status === 'running') call.status = 'failed';
        }
        return rejected.length ? { turn } : undefined;
      }
      case A2UI_PART:
        // Until the shower is loaded, the thread hands it the surface, and where it came, once it is.
        return this.surfaces
          ? this.surfaces.show(this, turn, part)
          : { turn, surface: { part, after: turn.items.at(-1) } };
      case FINAL_ANSWER_PART:
        return this.applyFinal(turn, part.data);
      case 'error':
        return this.closeTurn('error', { code: 'stream_error', detail: part.errorText });
      case 'abort':
        return this.closeTurn('stopped');
      case 'finish': {
        mergeMetadata(turn, part.messageMetadata);
        // A held report whose result never came is taken as it stands, its unknown blocks left out.
        const held = this.heldReports.get(turn);
        const final = held && this.applyFinal(turn, held.input, held);
        return final?.closed ? final : this.closeTurn('complete');
      }
      default: {
        const data =
          'data' in part && !OWN_DATA_PARTS.includes(part.type) ? putData(turn, part) : undefined;
        return data && { turn, data };
      }
    }
  }

  /**
   * The step being retried leaves no trace (AI SDK 7 `reset-step`): its text,
   * calls, blocks and a report it published go, on screen and in storage, and
   * nothing of it is sent back.
   */
  private resetStep(turn: AssistantTurn): Change | undefined {
    const step = currentStep(turn);
    const dropped = dropCurrentStep(turn);
    if (!dropped.length) return undefined;
    this.surfaces?.reset(turn, dropped);
    const held = this.heldReports.get(turn);
    if (held && dropped.includes(held)) this.heldReports.delete(turn);
    // A report of the retried step goes with it (the retry publishes it again), and so does one
    // that named a block that went.
    if (turn.final) {
      const left = new Set(turn.items.flatMap((i) => (i.kind === 'block' ? [i.blockId] : [])));
      const ofThisStep = this.reportSteps.get(turn) === step;
      if (ofThisStep || turn.final.blockIds.some((id) => !left.has(id))) {
        delete turn.final;
        this.closeWhenIdle.delete(turn);
      }
    }
    return { turn };
  }

  /**
   * Shows a block, or updates the one with its id (the A2UI surfaces' shower
   * places their blocks with it). `placeholder` is the
   * answer call that prepared it: a new block takes that call's place.
   * `call` is the `present_answer` call that carried it (none for a data
   * part, whose `partId` names the block): its input becomes the validated
   * block, the very object shown, which is how the call is known to stand for it.
   */
  applyBlock(
    turn: AssistantTurn,
    raw: unknown,
    via: { partId?: string; placeholder?: TurnItem; call?: ToolItem },
  ): Change {
    const { partId, placeholder, call } = via;
    const rawId = (raw as { block_id?: unknown } | null)?.block_id;
    const claimed = typeof rawId === 'string' ? rawId : partId;
    const previous = turn.items.find(
      (i): i is BlockItem => i.kind === 'block' && i.blockId === claimed,
    );
    // An update re-checks only the elements that changed.
    const result = validateBlock(raw, previous?.valid ? { reuse: previous.block as Block } : {});
    const blockId = result.ok ? result.block.block_id : (claimed ?? newId('invalid'));
    const existing = turn.items.find(
      (i): i is BlockItem => i.kind === 'block' && i.blockId === blockId,
    );
    // The same block again (a back end that streams the call and writes its data part too) changes nothing.
    const block = result.ok
      ? existing?.valid && jsonEqual(existing.block, result.block)
        ? existing.block
        : result.block
      : raw;
    const rejected = result.ok ? undefined : { blockId, errors: result.errors };
    if (call && result.ok) call.input = block;
    if (existing) {
      if (rejected && existing.valid) {
        // The last good version stays, on screen and in storage; the notice says an update was lost.
        return {
          turn,
          notice: this.pushNotice(
            turn,
            'invalid_update',
            `${blockId}: ${describeErrors(rejected.errors)}`,
          ),
        };
      }
      // Same block id within the turn: the same item, updated in place.
      existing.block = block;
      existing.valid = result.ok;
      return { turn, rejected };
    }
    const item: BlockItem = {
      kind: 'block',
      key: `block:${blockId}`,
      blockId,
      block,
      valid: result.ok,
      submissions: {},
    };
    const at = placeholder ? turn.items.indexOf(placeholder) + 1 : 0;
    if (at > 0) turn.items.splice(at, 0, item);
    else turn.items.push(item);
    return { turn, newBlock: item, rejected };
  }

  /**
   * The final report; `call` is the `final_answer` call that carried it, if
   * it came as one. With `hold`, a call naming blocks not shown yet waits for
   * its result instead (`heldReports`).
   */
  private applyFinal(turn: AssistantTurn, raw: unknown, call?: ToolItem, hold = false): Change {
    const published = turn.items
      .filter((i): i is BlockItem => i.kind === 'block')
      .map((i) => i.blockId);
    const result = validateFinalAnswer(raw, { publishedBlockIds: published });
    let final: AssistantTurn['final'];
    let problems: ValidationError[] = [];
    if (result.ok) {
      final = { text: result.answer.text, blockIds: result.answer.ui_block_ids };
      if (call) call.input = result.answer;
    } else {
      problems = result.errors;
      if (hold && problems.every((e) => e.code === 'missing_ref')) {
        this.heldReports.set(turn, call!);
        return { turn };
      }
      // Unknown or repeated block references cost only those references, not the report.
      const onlyReferences = result.errors.every(
        (e) => e.code === 'missing_ref' || e.code === 'duplicate_ref',
      );
      const answer = raw as { text?: unknown; ui_block_ids?: unknown };
      if (onlyReferences && typeof answer.text === 'string' && Array.isArray(answer.ui_block_ids)) {
        const ids = [
          ...new Set(
            answer.ui_block_ids.filter((id): id is string => published.includes(id as string)),
          ),
        ];
        final = { text: answer.text, blockIds: ids };
      }
    }
    const notice = problems.length
      ? this.pushNotice(turn, 'invalid_final_answer', describeErrors(problems))
      : undefined;
    if (!final) return { turn, notice };
    turn.final = final;
    this.reportSteps.set(turn, currentStep(turn));
    this.closeWhenIdle.add(turn);
    return { ...(this.closeIfIdle(turn) ?? { turn }), final: true, notice };
  }

  /** Once the final answer is in and no tool call is pending, the turn is over. */
  private closeIfIdle(turn: AssistantTurn): Change | undefined {
    if (!this.closeWhenIdle.has(turn)) return undefined;
    const pending = turn.items.some(
      (i) => i.kind === 'tool' && i.status === 'running' && !ANSWER_TOOLS.includes(i.name),
    );
    if (pending) return undefined;
    return this.closeTurn('complete');
  }

  /** Records a form submission on the block that holds the form. */
  recordSubmission(
    blockId: string,
    elementId: string,
    values: Record<string, FormValue>,
    turnId?: string,
  ): BlockItem | undefined {
    for (const message of [...this.messages].reverse()) {
      if (message.role !== 'assistant' || (turnId && message.id !== turnId)) continue;
      const item = message.items.find(
        (i): i is BlockItem => i.kind === 'block' && i.blockId === blockId,
      );
      if (item) {
        item.submissions = { ...item.submissions, [elementId]: values };
        return item;
      }
    }
    return undefined;
  }
}
