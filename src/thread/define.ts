import { define } from '../base/define.js';
import { AgentThread } from './thread.js';

define('agent-thread', AgentThread);
export { AgentThread };
