import { toPointer, type ValidationError } from './issues.js';
import { ID_REGEX, LIMITS } from './limits.js';

/**
 * Child references must form one tree under `root`: every reference resolves,
 * no element is its own ancestor, each is referenced once, all are reachable,
 * and the tree is at most `LIMITS.maxDepth` deep.
 */
export function checkGraph(
  root: unknown,
  elements: Record<string, unknown>,
  ids: string[],
  childLists: Map<string, unknown[]>,
  errors: ValidationError[],
) {
  // Edge paths are built only when an error needs one: this runs on every update.
  type Edge = { child: string; parent: string; index: number };
  const pathOf = (edge: Edge) => toPointer(['elements', edge.parent, 'children', edge.index]);
  const edges = new Map<string, Edge[]>();
  for (const id of ids) {
    const list: Edge[] = [];
    (childLists.get(id) ?? []).forEach((child, index) => {
      if (typeof child !== 'string') return;
      if (Object.hasOwn(elements, child)) list.push({ child, parent: id, index });
      else
        errors.push({
          code: 'missing_ref',
          path: pathOf({ child, parent: id, index }),
          message: `child ${JSON.stringify(child)} is not defined in elements`,
        });
    });
    edges.set(id, list);
  }
  const rootId = typeof root === 'string' && Object.hasOwn(elements, root) ? root : undefined;
  if (typeof root === 'string' && !rootId && ID_REGEX.test(root)) {
    errors.push({
      code: 'missing_ref',
      path: '/root',
      message: `root ${JSON.stringify(root)} is not defined in elements`,
    });
  }

  // Iterative depth-first search (input depth is untrusted) to find back edges.
  const state = new Map<string, 'open' | 'done'>();
  const backEdges = new Set<Edge>();
  const starts = rootId ? [rootId, ...ids] : ids;
  for (const start of starts) {
    if (state.has(start)) continue;
    state.set(start, 'open');
    const stack: { id: string; next: number }[] = [{ id: start, next: 0 }];
    while (stack.length > 0) {
      const frame = stack[stack.length - 1]!;
      const out = edges.get(frame.id) ?? [];
      if (frame.next >= out.length) {
        state.set(frame.id, 'done');
        stack.pop();
        continue;
      }
      const edge = out[frame.next++]!;
      const seen = state.get(edge.child);
      if (seen === 'open') {
        backEdges.add(edge);
        const relation =
          edge.child === frame.id
            ? 'references itself'
            : `is an ancestor of ${JSON.stringify(frame.id)}`;
        errors.push({
          code: 'cycle',
          path: pathOf(edge),
          message: `${JSON.stringify(edge.child)} ${relation}; references must form a tree`,
        });
      } else if (seen === undefined) {
        state.set(edge.child, 'open');
        stack.push({ id: edge.child, next: 0 });
      }
    }
  }

  const referencedAt = new Map<string, Edge | '/root'>();
  if (rootId) referencedAt.set(rootId, '/root');
  const treeChildren = new Map<string, string[]>();
  for (const id of ids) {
    const kept: string[] = [];
    for (const edge of edges.get(id) ?? []) {
      if (backEdges.has(edge)) continue;
      const first = referencedAt.get(edge.child);
      if (first !== undefined) {
        const where = typeof first === 'string' ? first : pathOf(first);
        errors.push({
          code: 'duplicate_ref',
          path: pathOf(edge),
          message: `${JSON.stringify(edge.child)} is already referenced at ${where}; an element may appear only once`,
        });
      } else {
        referencedAt.set(edge.child, edge);
        kept.push(edge.child);
      }
    }
    treeChildren.set(id, kept);
  }

  if (!rootId) return;
  const depth = new Map<string, number>([[rootId, 1]]);
  const queue = [rootId];
  let reportedDepth = false;
  for (let i = 0; i < queue.length; i++) {
    const id = queue[i]!;
    const d = depth.get(id)!;
    if (d > LIMITS.maxDepth && !reportedDepth) {
      reportedDepth = true;
      errors.push({
        code: 'too_deep',
        path: toPointer(['elements', id]),
        message: `${JSON.stringify(id)} is nested ${d} levels deep; the limit is ${LIMITS.maxDepth}. Flatten the layout.`,
      });
    }
    for (const child of treeChildren.get(id) ?? []) {
      if (depth.has(child)) continue;
      depth.set(child, d + 1);
      queue.push(child);
    }
  }
  for (const id of ids) {
    if (!depth.has(id)) {
      errors.push({
        code: 'orphan',
        path: toPointer(['elements', id]),
        message: `${JSON.stringify(id)} is not reachable from root ${JSON.stringify(rootId)}; reference it as a child or remove it`,
      });
    }
  }
}
