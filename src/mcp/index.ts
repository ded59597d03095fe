/**
 * answer-ui/mcp: answer-ui as an MCP App. `registerAnswerApp(server)` gives
 * an `McpServer` (`@modelcontextprotocol/server` 2.x) the `present_answer`
 * tool and its `ui://answer-ui/block` view, a self-contained HTML document
 * that renders the validated block inside any MCP Apps host.
 */
export { PRESENT_ANSWER } from '../conversation/index.js';
export {
  registerAnswerApp,
  ANSWER_APP_URI,
  type AnswerApp,
  type AnswerAppOptions,
} from './register.js';
