import { validateBlock, type Block } from '../catalog/index.js';
import { A2UI_VERSIONS, ANSWER_UI_CATALOG_ID, ENVELOPE_KEY } from './names.js';

export interface ToA2uiOptions {
  /** The A2UI version written; `v0.9` by default. */
  version?: string;
}

/**
 * A block as A2UI v0.9 messages for answer-ui's catalog: `createSurface`
 * (the surface is the block, by its id), `updateComponents` (one component
 * per element, the root as A2UI's `root`), and `updateDataModel` with what
 * a block has beyond its components (its fallback text and its root's own
 * id). Throws on a block that is not valid: only a valid block is written.
 */
export function toA2ui(block: Block, options: ToA2uiOptions = {}): Record<string, unknown>[] {
  const result = validateBlock(block);
  if (!result.ok) throw new TypeError(`not a valid block: ${result.errors[0]!.message}`);
  const { block_id: surfaceId, root, elements, fallback_text } = result.block;
  const version = options.version ?? A2UI_VERSIONS[0]!;
  // A2UI's root is `root`: the block's root takes that name and an element called `root` takes the root's.
  const a2uiId = (id: string) => (id === root ? 'root' : id === 'root' ? root : id);
  const ids = [root, ...Object.keys(elements).filter((id) => id !== root)];
  const components = ids.map((id) => {
    const { type, props, children } = elements[id]!;
    return {
      id: a2uiId(id),
      component: type,
      ...props,
      ...(children ? { children: children.map(a2uiId) } : {}),
    };
  });
  return [
    { version, createSurface: { surfaceId, catalogId: ANSWER_UI_CATALOG_ID } },
    { version, updateComponents: { surfaceId, components } },
    {
      version,
      updateDataModel: {
        surfaceId,
        path: `/${ENVELOPE_KEY}`,
        value: { fallback_text, root_id: root },
      },
    },
  ];
}
