/// <reference types="node" />
import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import type { FlexibleSchema } from 'ai';
import type { AiSdk } from './ai-majors.js';

/*
 * Model tokens as the budget counts them (SPEC §8): `o200k_base`, the
 * encoding of OpenAI's current models, through `gpt-tokenizer`. Used by the
 * contract's size test and by `npm run bench`.
 */

export const tokens = (text: string): number => encode(text).length;

export interface ToolTokens {
  name: string;
  description: number;
  inputSchema: number;
  total: number;
}

/**
 * Each answer tool as the AI SDK hands it to a provider: its name, its
 * description and its input schema as JSON (`asSchema(tool.inputSchema)`).
 */
export async function answerToolTokens(sdk: AiSdk): Promise<ToolTokens[]> {
  const tools = sdk.agent.answerTools({ write() {} });
  return Promise.all(
    Object.entries(tools).map(async ([name, tool]) => {
      const schema = await sdk.ai.asSchema(tool.inputSchema as FlexibleSchema<unknown>).jsonSchema;
      const description = tokens(tool.description ?? '');
      const inputSchema = tokens(JSON.stringify(schema));
      return { name, description, inputSchema, total: tokens(name) + description + inputSchema };
    }),
  );
}
