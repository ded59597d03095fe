import { validateBlock, type Block } from '../catalog/index.js';

/**
 * Puts `payload` into every string of `block` that can hold it and still
 * validate (labels, titles, texts, options, excerpts…), so hostile text
 * reaches each component through the real validator. Changes `block` in
 * place and returns it.
 */
export function poisonStrings(block: Block, payload: string): Block {
  const visit = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (typeof value === 'string' && key !== 'type' && key !== 'root' && key !== 'block_id') {
        (node as Record<string, unknown>)[key] = payload;
        if (!validateBlock(block).ok) (node as Record<string, unknown>)[key] = value;
      } else visit(value);
    }
  };
  for (const element of Object.values(block.elements)) visit(element.props);
  visit(block);
  return block;
}
