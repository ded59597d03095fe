/* The entry of the view's HTML document (scripts/build/build-mcp-app.mjs inlines it). */
import { startAnswerView } from './view.js';

void startAnswerView(document.body);
