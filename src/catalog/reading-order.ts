import type { Block, BlockElement } from './block.js';

/**
 * A valid block's elements in reading order: depth first from its root, a container before its
 * children (the validator has made sure the references form a tree).
 */
export function elementsInOrder(block: Block): BlockElement[] {
  const ordered: BlockElement[] = [];
  const visit = (id: string) => {
    const element = block.elements[id];
    if (!element) return;
    ordered.push(element);
    if ('children' in element) element.children?.forEach(visit);
  };
  visit(block.root);
  return ordered;
}
