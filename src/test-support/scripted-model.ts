import { simulateReadableStream } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import type {
  LanguageModelV3CallOptions,
  LanguageModelV3Prompt,
  LanguageModelV3StreamPart,
} from '@ai-sdk/provider';

/*
 * A language model that plays a script, for tests and the playground's
 * rehearsal agent. It streams as a provider does: text in small deltas,
 * each tool call as `tool-input-start`, its JSON input in slices, then the
 * call itself, so `streamText` and everything after it run as they would
 * for a real model.
 */

/**
 * What the model says in one step, in order: text, reasoning, tool calls, and what a
 * provider can hand back besides (a web source it cited, a document source,
 * a generated file, base64 as providers send it).
 */
export type ScriptedStep = (
  | { text: string }
  | { reasoning: string }
  | { tool: string; input: unknown }
  | { source: { url: string; title?: string } }
  | { document: { title: string; mediaType: string; filename?: string } }
  | { file: { mediaType: string; base64: string } }
)[];

export interface ScriptedModelOptions {
  /** Milliseconds between stream chunks, or a function of the call (default 0: as fast as they are read). */
  chunkDelayMs?: number | ((call: LanguageModelV3CallOptions) => number);
}

const usage = {
  inputTokens: { total: 100, noCache: 100, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 20, text: 20, reasoning: 0 },
};

/** A few words at a time, as models stream text. */
const textDeltas = (text: string) => (text.match(/(?:\S+\s*){1,3}|\s+/g) ?? []).filter(Boolean);
/** JSON in slices that cut through keys and strings, as models stream tool input. */
const jsonDeltas = (json: string) =>
  Array.from({ length: Math.ceil(json.length / 40) }, (_, i) => json.slice(i * 40, i * 40 + 40));

/** One step as the stream parts a provider sends. */
export function stepParts(step: ScriptedStep, callIndex: number): LanguageModelV3StreamPart[] {
  const parts: LanguageModelV3StreamPart[] = [{ type: 'stream-start', warnings: [] }];
  let calledTools = false;
  step.forEach((item, index) => {
    const id = `call-${callIndex}-${index}`;
    if ('text' in item) {
      parts.push(
        { type: 'text-start', id },
        ...textDeltas(item.text).map((delta) => ({ type: 'text-delta' as const, id, delta })),
        {
          type: 'text-end',
          id,
        },
      );
      return;
    }
    if ('reasoning' in item) {
      parts.push(
        { type: 'reasoning-start', id },
        ...textDeltas(item.reasoning).map((delta) => ({
          type: 'reasoning-delta' as const,
          id,
          delta,
        })),
        {
          type: 'reasoning-end',
          id,
        },
      );
      return;
    }
    if ('source' in item) {
      parts.push({
        type: 'source',
        sourceType: 'url',
        id: `source-${callIndex}-${index}`,
        ...item.source,
      });
      return;
    }
    if ('document' in item) {
      parts.push({
        type: 'source',
        sourceType: 'document',
        id: `source-${callIndex}-${index}`,
        ...item.document,
      });
      return;
    }
    if ('file' in item) {
      parts.push({ type: 'file', mediaType: item.file.mediaType, data: item.file.base64 });
      return;
    }
    calledTools = true;
    const input = JSON.stringify(item.input);
    parts.push(
      { type: 'tool-input-start', id, toolName: item.tool },
      ...jsonDeltas(input).map((delta) => ({ type: 'tool-input-delta' as const, id, delta })),
      { type: 'tool-input-end', id },
      { type: 'tool-call', toolCallId: id, toolName: item.tool, input },
    );
  });
  parts.push({
    type: 'finish',
    usage,
    finishReason: calledTools
      ? { unified: 'tool-calls', raw: 'tool_calls' }
      : { unified: 'stop', raw: 'stop' },
  });
  return parts;
}

/**
 * A mock model whose every call streams the step `next` returns for it
 * (`undefined`: a short closing text). Its `doStreamCalls` hold every
 * prompt it was given.
 */
export function scriptedModel(
  next: (call: LanguageModelV3CallOptions, callIndex: number) => ScriptedStep | undefined,
  options: ScriptedModelOptions = {},
) {
  let calls = 0;
  return new MockLanguageModelV3({
    doStream: async (call) => {
      const callIndex = calls++;
      const step = next(call, callIndex) ?? [{ text: 'Done.' }];
      const delay =
        (typeof options.chunkDelayMs === 'function'
          ? options.chunkDelayMs(call)
          : options.chunkDelayMs) ?? null;
      return {
        stream: simulateReadableStream({
          chunks: stepParts(step, callIndex),
          initialDelayInMs: delay,
          chunkDelayInMs: delay,
        }),
      };
    },
  });
}

/** A model that plays `steps` in order, one per call. */
export const scriptedSteps = (steps: ScriptedStep[], options?: ScriptedModelOptions) =>
  scriptedModel((_call, index) => steps[index], options);

/** Where a call stands in its turn: the reader's last message, and how many tool rounds came after it. */
export function turnOf(prompt: LanguageModelV3Prompt): { userText: string; step: number } {
  const lastUser = prompt.findLastIndex((message) => message.role === 'user');
  const user = prompt[lastUser];
  const userText =
    user?.role === 'user'
      ? user.content.map((part) => (part.type === 'text' ? part.text : '')).join('\n')
      : '';
  return {
    userText,
    step: prompt.slice(lastUser + 1).filter((message) => message.role === 'tool').length,
  };
}
