import type { ArgTypesEnhancer, StrictArgTypes } from 'storybook/internal/types';

/*
 * Docs pages from custom-elements.json. Storybook's own web-components
 * extraction keys every row by its bare name, so a CSS part named `value`
 * replaces the `value` property, and each property shows twice (as property
 * and attribute). This one keys rows by kind, shows each property once with
 * its attribute, and lists methods too.
 */

interface Typed {
  name: string;
  description?: string;
  type?: { text?: string };
}
interface ManifestMember extends Typed {
  kind: 'field' | 'method';
  static?: boolean;
  readonly?: boolean;
  default?: string;
  attribute?: string;
  privacy?: string;
  parameters?: (Typed & { optional?: boolean })[];
  return?: { type?: { text?: string } };
}
interface ManifestElement {
  kind: string;
  tagName?: string;
  summary?: string;
  description?: string;
  members?: ManifestMember[];
  attributes?: (Typed & { fieldName?: string; default?: string })[];
  events?: Typed[];
  slots?: Typed[];
  cssParts?: Typed[];
  cssProperties?: (Typed & { default?: string })[];
}
interface Manifest {
  modules?: { declarations?: ManifestElement[] }[];
}

/** Rows that come from the manifest and only document (no control unless the story passes that arg). */
const DOC_ONLY = new Set([
  'methods',
  'events',
  'slots',
  'css shadow parts',
  'css custom properties',
]);

/** The Storybook type of a TypeScript type text, so controls fit: a union of string literals becomes a choice. */
function sbType(text = ''): StrictArgTypes[string]['type'] {
  const parts = text
    .split('|')
    .map((part) => part.trim())
    .filter((part) => part && part !== 'undefined' && part !== 'null');
  if (parts.length === 1 && ['string', 'number', 'boolean'].includes(parts[0]!))
    return { name: parts[0] as 'string' | 'number' | 'boolean' };
  if (parts.length > 0 && parts.every((part) => /^'[^']*'$/.test(part)))
    return { name: 'enum', value: parts.map((part) => part.slice(1, -1)) };
  return { name: 'other', value: text };
}

function row(
  name: string,
  category: string,
  item: Typed,
  extra: { type?: string; default?: string; description?: string } = {},
): StrictArgTypes[string] {
  const typeText = extra.type ?? item.type?.text;
  return {
    name,
    description: extra.description ?? item.description ?? '',
    ...(category === 'properties' || category === 'attributes' ? { type: sbType(typeText) } : {}),
    ...(DOC_ONLY.has(category) ? { control: false as const } : {}),
    table: {
      category,
      ...(typeText ? { type: { summary: typeText } } : {}),
      ...(extra.default !== undefined ? { defaultValue: { summary: extra.default } } : {}),
    },
  };
}

/** Docs helpers for the elements in `manifest` (the parsed custom-elements.json). */
export function customElementDocs(manifest: unknown) {
  const elements = new Map<string, ManifestElement>();
  for (const module of (manifest as Manifest).modules ?? []) {
    for (const declaration of module.declarations ?? []) {
      if (declaration.kind === 'class' && declaration.tagName)
        elements.set(declaration.tagName, declaration);
    }
  }

  /** `parameters.docs.extractArgTypes`: the rows of an element's args table. */
  const extractArgTypes = (component: unknown): StrictArgTypes | null => {
    const element = typeof component === 'string' ? elements.get(component) : undefined;
    if (!element) return null;
    const rows: StrictArgTypes = {};
    const fields = new Set<string>();
    for (const member of element.members ?? []) {
      if (member.static || member.privacy === 'private' || member.privacy === 'protected') continue;
      if (member.kind === 'field') {
        fields.add(member.name);
        const notes = [
          member.attribute
            ? `Attribute: \`${member.attribute}\`.`
            : 'Property only (no attribute).',
          member.readonly ? 'Read-only.' : '',
        ];
        rows[member.name] = {
          ...row(member.name, 'properties', member, {
            description: [member.description, notes.filter(Boolean).join(' ')]
              .filter(Boolean)
              .join('\n\n'),
            ...(member.default !== undefined ? { default: member.default } : {}),
          }),
          ...(member.readonly ? { control: false as const } : {}),
        };
      } else {
        const params = (member.parameters ?? [])
          .map((p) => `${p.name}${p.optional ? '?' : ''}: ${p.type?.text ?? 'unknown'}`)
          .join(', ');
        rows[`method:${member.name}`] = row(`${member.name}()`, 'methods', member, {
          type: `(${params}) => ${member.return?.type?.text ?? 'void'}`,
        });
      }
    }
    for (const attribute of element.attributes ?? []) {
      if (attribute.fieldName && fields.has(attribute.fieldName)) continue;
      rows[`attribute:${attribute.name}`] = row(
        attribute.name,
        'attributes',
        attribute,
        attribute.default !== undefined ? { default: attribute.default } : {},
      );
    }
    for (const event of element.events ?? [])
      rows[`event:${event.name}`] = row(event.name, 'events', event);
    for (const slot of element.slots ?? [])
      rows[`slot:${slot.name || 'default'}`] = row(slot.name || '(default)', 'slots', slot);
    for (const part of element.cssParts ?? [])
      rows[`part:${part.name}`] = row(part.name, 'css shadow parts', part);
    for (const property of element.cssProperties ?? []) {
      rows[`css:${property.name}`] = row(
        property.name,
        'css custom properties',
        property,
        property.default !== undefined ? { default: property.default } : {},
      );
    }
    return rows;
  };

  /** `parameters.docs.extractComponentDescription`: the summary, then the description. */
  const extractComponentDescription = (component: unknown): string => {
    const element = typeof component === 'string' ? elements.get(component) : undefined;
    return [element?.summary, element?.description].filter(Boolean).join('\n\n');
  };

  /**
   * Properties the story's render does not pass (no arg of that name) get no
   * control: changing it would do nothing. They stay in the table as docs.
   */
  const inertControlsOff: ArgTypesEnhancer = ({ argTypes, initialArgs }) =>
    Object.fromEntries(
      Object.entries(argTypes).map(([key, argType]) =>
        argType.table?.category === 'properties' &&
        !(key in (initialArgs ?? {})) &&
        argType.control === undefined
          ? [key, { ...argType, control: false as const }]
          : [key, argType],
      ),
    );

  return { extractArgTypes, extractComponentDescription, inertControlsOff };
}
