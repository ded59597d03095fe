import {
  LIMITS,
  describeErrors,
  validateBlock,
  type Block,
  type BlockElement,
} from '../catalog/index.js';
import { ID_REGEX } from '../catalog/limits.js';
import { truncate } from '../catalog/shape.js';
import type { A2uiError } from './names.js';
import type { Node, Walk } from './walk.js';

/*
 * A surface's elements packed into blocks. A tree within a block's limits
 * is one block, whose id is the surface's. A larger one is split at its
 * top: its root's children go in order into as many blocks as they need
 * (`<surface>-2`, …), each under a copy of the root; a child too large for a
 * block on its own, or a branch deeper than a block may nest, is cut and
 * named. Every block then passes the same validation as a `present_answer`
 * block.
 */

const size = (node: Node): number =>
  1 + (node.children ?? []).reduce((sum, child) => sum + size(child), 0);

/** The tree with branches below `depth` levels cut; each cut element is named. */
function cutDeep(walk: Walk, node: Node, depth: number): Node {
  if (!node.children) return node;
  if (depth >= LIMITS.maxDepth) {
    for (const child of node.children)
      walk.notShown.push({
        surfaceId: walk.surface.surfaceId,
        componentId: child.id,
        component: child.type,
        reason: 'cut_to_limit',
      });
    return { ...node, children: [] };
  }
  return { ...node, children: node.children.map((child) => cutDeep(walk, child, depth + 1)) };
}

/** A valid block id from a surface id. */
export function blockIdOf(surfaceId: string): string {
  const id = surfaceId.replace(/[^A-Za-z0-9_-]/g, '-').slice(0, 60);
  return ID_REGEX.test(id) ? id : 'surface';
}

function flatten(node: Node, into: Record<string, BlockElement>) {
  const element = { type: node.type, props: node.props } as BlockElement;
  if (node.children) element.children = node.children.map((child) => child.id);
  into[node.id] = element;
  for (const child of node.children ?? []) flatten(child, into);
  return into;
}

/** The words of a tree, for a block's fallback text. */
export function wordsOf(node: Node): string[] {
  const own = ['title', 'text', 'label', 'caption']
    .map((key) => node.props[key])
    .filter((v): v is string => typeof v === 'string' && v !== '');
  return [...own, ...(node.children ?? []).flatMap(wordsOf)];
}

/**
 * The blocks of one surface's tree. `fallbackText` is what the agent gave
 * (answer-ui's catalog), else the tree's own words.
 */
export function packBlocks(
  walk: Walk,
  tree: Node,
  errors: A2uiError[],
  fallbackText?: string,
): Block[] {
  const id = blockIdOf(walk.surface.surfaceId);
  const whole = cutDeep(walk, tree, 1);
  let groups: Node[];
  if (size(whole) <= LIMITS.maxNodes) groups = [whole];
  else {
    groups = [];
    let group: Node[] = [];
    let room = LIMITS.maxNodes - 1;
    const close = () => {
      if (group.length) groups.push({ ...whole, children: group });
      group = [];
      room = LIMITS.maxNodes - 1;
    };
    for (const child of whole.children ?? []) {
      const n = size(child);
      if (n > LIMITS.maxNodes - 1) {
        walk.notShown.push({
          surfaceId: walk.surface.surfaceId,
          componentId: child.id,
          component: child.type,
          reason: 'cut_to_limit',
        });
        continue;
      }
      if (n > room) close();
      group.push(child);
      room -= n;
    }
    close();
  }
  return groups.flatMap((root, i) => {
    const blockId = i === 0 ? id : `${id.slice(0, 60)}-${i + 1}`;
    const text = fallbackText ?? wordsOf(root).join('\n');
    const block = {
      block_id: blockId,
      fallback_text: truncate(text, LIMITS.maxFallbackText),
      root: root.id,
      elements: flatten(root, {}),
    };
    const result = validateBlock(block);
    if (result.ok) return [result.block];
    errors.push({
      code: 'invalid_block',
      path: `${walk.surface.surfaceId}`,
      message: `block ${blockId}: ${describeErrors(result.errors)}`,
    });
    return [];
  });
}
