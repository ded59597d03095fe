import { define } from '../base/define.js';
import { AgentThread } from './elements/thread.js';

define('agent-thread', AgentThread);
export { AgentThread };
