/// <reference types="node" />
import { readFile } from 'node:fs/promises';
import type {
  CallToolResult,
  McpServer,
  RegisteredResource,
  RegisteredTool,
} from '@modelcontextprotocol/server';
import {
  registerAppResource,
  registerAppTool,
  RESOURCE_MIME_TYPE,
} from '@modelcontextprotocol/ext-apps/server';
import {
  catalogPrompt,
  describeErrors,
  validateBlock,
  type ValidationError,
} from '../catalog/index.js';
import { PRESENT_ANSWER, repairRequest } from '../conversation/index.js';
import { presentAnswerInputSchema } from './present-answer-schema.js';

/** The view's resource: the one HTML document every `present_answer` call renders in. */
export const ANSWER_APP_URI = 'ui://answer-ui/block';

/*
 * `npm run build` writes the view next to the compiled Node entry, in
 * dist/mcp/. Going up to the package root and down again finds it both from
 * dist/mcp/ and, in this repository, from src/mcp/.
 */
const BUILT_VIEW = new URL('../../dist/mcp/answer-ui-block.html', import.meta.url);

export interface AnswerAppOptions {
  /** The view's HTML document; by default the self-contained one this package ships. */
  html?: string;
}

export interface AnswerApp {
  tool: RegisteredTool;
  resource: RegisteredResource;
}

const DESCRIPTION =
  'Shows UI in your answer: the reader sees the block rendered, and a host without apps shows its fallback_text.';

function rejected(errors: readonly ValidationError[]): CallToolResult {
  return {
    isError: true,
    structuredContent: {
      errors: errors.map(({ code, path, message }) => ({ code, path, message })),
    },
    content: [
      {
        type: 'text',
        text: `${repairRequest('block')}\n${describeErrors(errors)}`,
      },
    ],
  };
}

/**
 * Registers `present_answer` and its view, the `ui://answer-ui/block` MCP
 * App resource, on an `McpServer` of `@modelcontextprotocol/server` 2.x.
 * The tool validates every call with `validateBlock`: a valid block comes
 * back as `structuredContent` with its `fallback_text` as text, an invalid
 * one as an error result whose `{ code, path, message }` errors let the
 * model repair it.
 */
export function registerAnswerApp(server: McpServer, options: AnswerAppOptions = {}): AnswerApp {
  let html: Promise<string> | undefined =
    options.html === undefined ? undefined : Promise.resolve(options.html);
  const view = () =>
    (html ??= readFile(BUILT_VIEW, 'utf8').catch((cause: unknown) => {
      html = undefined;
      throw new Error(
        `answer-ui/mcp: the view ${BUILT_VIEW.pathname} is missing; build it with \`npm run build\` or pass options.html.`,
        { cause },
      );
    }));

  const tool = registerAppTool(
    server,
    PRESENT_ANSWER,
    {
      title: 'Present answer',
      description: `${DESCRIPTION}\n${catalogPrompt()}`,
      inputSchema: presentAnswerInputSchema(),
      _meta: { ui: { resourceUri: ANSWER_APP_URI } },
    },
    async (input): Promise<CallToolResult> => {
      const result = validateBlock(input);
      if (!result.ok) return rejected(result.errors);
      return {
        structuredContent: result.block as unknown as Record<string, unknown>,
        content: [{ type: 'text', text: result.block.fallback_text }],
      };
    },
  );

  const resource = registerAppResource(
    server,
    'answer-ui block',
    ANSWER_APP_URI,
    {
      description:
        'Renders one validated answer-ui block: metrics, tables, charts, evidence, a map location or a follow-up form.',
    },
    async () => ({
      contents: [
        {
          uri: ANSWER_APP_URI,
          mimeType: RESOURCE_MIME_TYPE,
          text: await view(),
          // The components draw their own cards; no csp: the view needs no network at all.
          _meta: { ui: { prefersBorder: false } },
        },
      ],
    }),
  );

  return { tool, resource };
}
