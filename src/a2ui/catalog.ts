import {
  LIMITS,
  componentJsonSchema,
  componentNames,
  containerComponents,
  type ComponentName,
  type JsonSchema,
} from '../catalog/index.js';
import { ANSWER_UI_CATALOG_ID, ENVELOPE_KEY } from './names.js';

/*
 * answer-ui's catalog as an A2UI catalog document, in the form of A2UI's own
 * catalog files: each component's schema is the element's props schema (the
 * same one `present_answer` publishes) with A2UI's common component
 * properties and, for containers, A2UI's child list. An A2UI agent SDK that
 * loads it can write surfaces answer-ui shows losslessly.
 */

const COMMON_TYPES = 'https://a2ui.org/specification/v0_9/common_types.json';

function componentSchema(name: ComponentName): JsonSchema {
  const props = componentJsonSchema(name);
  return {
    type: 'object',
    description: props.description,
    allOf: [
      { $ref: `${COMMON_TYPES}#/$defs/ComponentCommon` },
      {
        type: 'object',
        properties: {
          component: { const: name },
          ...(props.properties as object),
          ...(containerComponents.has(name)
            ? { children: { $ref: `${COMMON_TYPES}#/$defs/ChildList` } }
            : {}),
        },
        required: ['component', ...((props.required as string[] | undefined) ?? [])],
      },
    ],
    unevaluatedProperties: false,
  };
}

/** What an A2UI agent is told about this catalog, beside its schemas. */
export function a2uiInstructions(): string {
  return [
    `Write A2UI v0.9 messages with catalogId "${ANSWER_UI_CATALOG_ID}".`,
    "Each component is one answer-ui element: its properties are the element's props, and Stack",
    'and Section list their children by id in `children`. The top component has id "root".',
    `A surface holds at most ${LIMITS.maxNodes} components, nested ${LIMITS.maxDepth} deep; a larger`,
    'one is split into several blocks. A value may be bound to the data model (`{ "path" }`).',
    `Optionally, updateDataModel at /${ENVELOPE_KEY} with { fallback_text } gives the plain-text`,
    'summary shown where the surface cannot be. No URLs, HTML, actions or unknown properties.',
  ].join('\n');
}

/** answer-ui's nine components as an A2UI catalog document (JSON Schema draft 2020-12). */
export function a2uiCatalog(): JsonSchema {
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: ANSWER_UI_CATALOG_ID,
    title: 'answer-ui catalog',
    description:
      'Answer UI for AI agents: layout, text, metrics, tables, charts, evidence, a map location and a follow-up form, each validated before it is shown.',
    catalogId: ANSWER_UI_CATALOG_ID,
    instructions: a2uiInstructions(),
    components: Object.fromEntries(componentNames.map((name) => [name, componentSchema(name)])),
    functions: {},
    $defs: {
      anyComponent: { oneOf: componentNames.map((name) => ({ $ref: `#/components/${name}` })) },
      // Values are literal: this catalog's props take no function calls.
      anyFunction: false,
      // A surface's theme is the page's: answer-ui takes its look from the host's tokens.
      theme: { type: 'object' },
    },
  };
}
