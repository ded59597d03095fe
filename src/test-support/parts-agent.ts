/**
 * The agent behind test/servers/parts.ts: the real `streamText`
 * with a scripted model and a tool that needs approval. Loaded once per AI
 * SDK major (`parts-agent.ts?ai=7` runs on ai@7).
 *
 * What the model does, by the reader's last message:
 * - file parts attached, or "attached": `I received N file(s): <filenames or media types>.`
 * - "search": text citing two url sources, the sources, and a small PNG file
 * - "document": text citing a document source, and that source
 * - "delete": calls `delete_file`, which needs approval; once answered,
 *   `Deleted /reports/q3-draft.pdf.` or `I did not delete it.`
 * - anything else: `Answer number K.`, K counting this chat's model calls
 *   (so a regenerated answer differs from the first)
 */
import { readFileSync } from 'node:fs';
import type { LanguageModelV3Prompt } from '@ai-sdk/provider';
import { stepCountIs, streamText, tool, type UIMessage } from 'ai';
import { z } from 'zod';
import { toModelMessages } from '../agent/history.js';
import { scriptedModel, turnOf, type ScriptedStep } from './scripted-model.js';

export const DELETED_PATH = '/reports/q3-draft.pdf';

const TILE_PNG = readFileSync(new URL('./tile.png', import.meta.url)).toString('base64');

const tools = {
  delete_file: tool({
    description: 'Deletes a file. The reader approves every deletion first.',
    inputSchema: z.object({ path: z.string() }),
    needsApproval: true,
    execute: async ({ path }) => ({ deleted: path }),
  }),
};

const searchStep: ScriptedStep = [
  { text: 'Revenue grew 12% [1], driven by cloud [2].' },
  { source: { url: 'https://example.com/q3-report', title: 'Q3 report' } },
  { source: { url: 'https://news.example.org/cloud', title: 'Cloud news' } },
  { file: { mediaType: 'image/png', base64: TILE_PNG } },
];

const documentStep: ScriptedStep = [
  { text: 'The board memo sets the Q4 target [1].' },
  { document: { title: 'Board memo', mediaType: 'application/pdf', filename: 'board-memo.pdf' } },
];

type PromptMessage = LanguageModelV3Prompt[number];

/** The newest result the prompt holds for `delete_file`: a tool result, or its denial ('execution-denied'). */
function deleteOutcome(prompt: LanguageModelV3Prompt): 'deleted' | 'denied' | undefined {
  for (const message of [...prompt].reverse()) {
    if (message.role !== 'tool') continue;
    const result = message.content.findLast(
      (part) => part.type === 'tool-result' && part.toolName === 'delete_file',
    );
    if (result?.type === 'tool-result')
      return result.output.type === 'execution-denied' ? 'denied' : 'deleted';
  }
  return undefined;
}

/** The file parts of the reader's last message, as the model was given them. */
function lastUserFiles(prompt: LanguageModelV3Prompt) {
  const user = prompt.findLast(
    (message): message is Extract<PromptMessage, { role: 'user' }> => message.role === 'user',
  );
  return user?.content.flatMap((part) => (part.type === 'file' ? [part] : [])) ?? [];
}

/** One chat's agent: its model, and everything its route was sent. */
export function partsAgent() {
  const model = scriptedModel((call, callIndex): ScriptedStep => {
    const { userText, step } = turnOf(call.prompt);
    const files = lastUserFiles(call.prompt);
    if (files.length || /attached/i.test(userText)) {
      const names = files.map((file) => file.filename ?? file.mediaType);
      return [{ text: `I received ${files.length} file(s): ${names.join(', ') || 'none'}.` }];
    }
    if (/search/i.test(userText)) return searchStep;
    if (/document/i.test(userText)) return documentStep;
    if (/delete/i.test(userText)) {
      // After the tool round (approved and run, or denied), the model says what happened.
      const outcome = step > 0 ? deleteOutcome(call.prompt) : undefined;
      if (outcome === 'deleted') return [{ text: `Deleted ${DELETED_PATH}.` }];
      if (outcome === 'denied') return [{ text: 'I did not delete it.' }];
      return [{ tool: 'delete_file', input: { path: DELETED_PATH } }];
    }
    return [{ text: `Answer number ${callIndex + 1}.` }];
  });
  const requests: unknown[] = [];
  return {
    requests,
    prompts: () => model.doStreamCalls.map((call) => call.prompt),
    async chat(body: { messages?: unknown }): Promise<Response> {
      const messages = Array.isArray(body.messages) ? (body.messages as UIMessage[]) : [];
      const result = streamText({
        model,
        messages: await toModelMessages(messages, { tools }),
        tools,
        stopWhen: stepCountIs(5),
      });
      return result.toUIMessageStreamResponse({ originalMessages: messages, sendSources: true });
    },
  };
}
