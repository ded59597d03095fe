import { msg, str } from '@lit/localize';
import { formatList } from './format.js';

/** An A2UI component a block could not show, as the reader knows it. */
function partName(component: string): string {
  switch (component) {
    case 'Image':
      return msg('image');
    case 'Icon':
      return msg('icon');
    case 'Video':
      return msg('video');
    case 'AudioPlayer':
      return msg('audio');
    case 'Modal':
      return msg('pop-up');
    case 'Divider':
      return msg('divider');
    case 'Button':
      return msg('button');
    case 'TextField':
      return msg('text field');
    default:
      return msg('other content');
  }
}

/**
 * The quiet line under a block made from an A2UI surface that left parts
 * out (the A2UI components `fromA2ui` names in `notShown`): how many, and of
 * what kinds. The thread and the MCP App's view say it the same way.
 */
export function notShownText(components: readonly string[]): string {
  const kinds = formatList([...new Set(components.map(partName))]);
  return components.length === 1
    ? msg(str`One part of this answer cannot be shown here: ${kinds}`)
    : msg(str`${components.length} parts of this answer cannot be shown here: ${kinds}`);
}
