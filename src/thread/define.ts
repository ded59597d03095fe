import { define } from '../components/shared/define.js';
import { AgentThread } from './thread.js';

define('agent-thread', AgentThread);
export { AgentThread };
