/*
 * The equivalent of answer-ui's block components for @a2ui/lit (protocol
 * v0.9): a small custom catalog (its basic catalog has no section, metric or
 * table) of light-DOM A2uiLitElement subclasses rendering roughly the DOM
 * answer-ui's elements render. Props schemas mirror answer-ui's; A2UI reads
 * Zod 3 internals, so they are built with `zod/v3`. Each root carries
 * `data-kind` so a page can count the rendered elements.
 */
import { html, nothing } from 'lit';
import { A2uiLitElement } from '@a2ui/lit/v0_9';
import {
  Catalog,
  CommonSchemas,
  type ComponentApi,
  MessageProcessor,
  type SurfaceModel,
  type WebComponentImplementation,
} from '@a2ui/web_core/v0_9';
import { z } from 'zod/v3';
import type { Block } from '../../../src/catalog/index.js';
import {
  alignment,
  formatCell,
  formatDelta,
  formatNumber,
  type Cell,
  type Column,
} from './format.js';

// Typed loosely on purpose: A2UI's types come from its own Zod 3 copy, and
// letting TypeScript compare two copies' Zod types exhausts its memory.
const childList = CommonSchemas.ChildList as unknown as z.ZodTypeAny;
const shortText = z.string().max(200);
const cell = z.union([z.string().max(2000), z.number(), z.boolean(), z.null()]);

const apis: Record<string, unknown> = {
  Stack: z
    .object({
      children: childList,
      direction: z.enum(['vertical', 'horizontal']).optional(),
      gap: z.enum(['none', 'sm', 'md', 'lg']).optional(),
      align: z.enum(['start', 'center', 'end', 'stretch']).optional(),
      wrap: z.boolean().optional(),
    })
    .strict(),
  Section: z
    .object({ children: childList, title: shortText, subtitle: shortText.optional() })
    .strict(),
  Text: z
    .object({
      text: z.string().max(8000),
      variant: z.enum(['body', 'heading', 'caption', 'note', 'code']).optional(),
    })
    .strict(),
  Metric: z
    .object({
      label: shortText,
      value: z.union([z.number(), z.string().max(64)]),
      format: z.enum(['number', 'percent', 'currency', 'compact']).optional(),
      currency: z
        .string()
        .regex(/^[A-Z]{3}$/)
        .optional(),
      unit: z.string().max(24).optional(),
      delta: z.number().optional(),
      good_direction: z.enum(['up', 'down']).optional(),
      caption: shortText.optional(),
    })
    .strict(),
  Table: z
    .object({
      caption: shortText.optional(),
      columns: z
        .array(
          z
            .object({
              label: shortText,
              align: z.enum(['start', 'center', 'end']).optional(),
              format: z.enum(['text', 'number', 'percent', 'currency', 'date']).optional(),
              currency: z.string().optional(),
            })
            .strict(),
        )
        .min(1)
        .max(20),
      rows: z.array(z.array(cell).max(20)).max(500),
    })
    .strict(),
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- props are typed by the schemas above; A2UI's generic typing needs its own Zod copy
type Props = any;

abstract class Base extends A2uiLitElement {
  protected get props(): Props {
    return this.controller?.props;
  }
}

class StackElement extends Base {
  protected override readonly api = {
    name: 'Stack',
    schema: apis.Stack,
  } as unknown as ComponentApi;
  override render() {
    const p = this.props;
    if (!p) return nothing;
    return html`<div class="stack ${p.direction ?? 'vertical'} gap-${p.gap ?? 'md'}" data-kind="Stack">${(p.children as string[]).map((child) => this.renderNode(child))}</div>`;
  }
}

class SectionElement extends Base {
  protected override readonly api = {
    name: 'Section',
    schema: apis.Section,
  } as unknown as ComponentApi;
  override render() {
    const p = this.props;
    if (!p) return nothing;
    return html`<section data-kind="Section"><h3 dir="auto">${p.title}</h3>${p.subtitle ? html`<p class="subtitle muted">${p.subtitle}</p>` : nothing}<div class="body">${(p.children as string[]).map((child) => this.renderNode(child))}</div></section>`;
  }
}

class TextElement extends Base {
  protected override readonly api = { name: 'Text', schema: apis.Text } as unknown as ComponentApi;
  override render() {
    const p = this.props;
    if (!p) return nothing;
    return html`<p class="text ${p.variant ?? 'body'}" dir="auto" data-kind="Text">${p.text}</p>`;
  }
}

class MetricElement extends Base {
  protected override readonly api = {
    name: 'Metric',
    schema: apis.Metric,
  } as unknown as ComponentApi;
  override render() {
    const p = this.props;
    if (!p) return nothing;
    const shown: string =
      typeof p.value === 'number' ? formatNumber(p.value, p.format, p.currency) : p.value;
    const delta: number | undefined = p.delta;
    const direction = delta === undefined ? 'flat' : delta > 0 ? 'up' : delta < 0 ? 'down' : 'flat';
    const quality =
      direction === 'flat' ? '' : direction === (p.good_direction ?? 'up') ? 'good' : 'bad';
    return html`<div class="card" data-kind="Metric">
      <div class="label" dir="auto">${p.label}</div>
      <div class="value ${shown.length > 11 ? 'long' : ''}"><bdi>${shown}</bdi>${p.unit ? html`<span class="unit">${p.unit}</span>` : nothing}</div>
      ${delta === undefined ? nothing : html`<div class="delta ${quality}"><span aria-hidden="true">${direction === 'up' ? '▲' : direction === 'down' ? '▼' : '●'} ${formatDelta(delta)}</span><span class="visually-hidden">${direction === 'up' ? `Up ${formatDelta(delta)}` : direction === 'down' ? `Down ${formatDelta(delta)}` : 'No change'}</span></div>`}
      ${p.caption ? html`<div class="caption muted" dir="auto">${p.caption}</div>` : nothing}
    </div>`;
  }
}

class TableElement extends Base {
  protected override readonly api = {
    name: 'Table',
    schema: apis.Table,
  } as unknown as ComponentApi;
  override render() {
    const p = this.props;
    if (!p) return nothing;
    const columns = p.columns as Column[];
    return html`<div class="scroll" tabindex="0" role="region" aria-label=${p.caption ?? 'Data table'} data-kind="Table">
      <table>
        ${p.caption ? html`<caption>${p.caption}</caption>` : nothing}
        <thead><tr>${columns.map((column) => html`<th scope="col" class=${alignment(column)}><button type="button" title="Sort by ${column.label}">${column.label}<span class="sort" aria-hidden="true">↕</span></button></th>`)}</tr></thead>
        <tbody>${(p.rows as Cell[][]).map((row) => html`<tr>${columns.map((column, i) => html`<td class=${alignment(column)}>${formatCell(row[i], column)}</td>`)}</tr>`)}</tbody>
      </table>
    </div>`;
  }
}

const elements = {
  Stack: StackElement,
  Section: SectionElement,
  Text: TextElement,
  Metric: MetricElement,
  Table: TableElement,
};
const implementations: WebComponentImplementation[] = Object.entries(elements).map(
  ([name, element]) => {
    const tagName = `bench-a2ui-${name.toLowerCase()}`;
    if (!customElements.get(tagName)) customElements.define(tagName, element);
    return { name, schema: apis[name], tagName } as unknown as WebComponentImplementation;
  },
);

/** Every tag of the catalog, as a selector. */
export const tagSelector = implementations.map((i) => i.tagName).join(',');

export const catalog: Catalog<WebComponentImplementation> = new Catalog(
  'https://example.com/answer-ui-bench/catalog.json',
  implementations,
);

/** The A2UI components for an answer-ui block: one entry per element, children by id, the root's id is `root`. */
export function toComponents(block: Block): Record<string, unknown>[] {
  return Object.entries(block.elements).map(([id, element]) => ({
    id: id === block.root ? 'root' : id,
    component: element.type,
    ...element.props,
    ...('children' in element && element.children
      ? { children: element.children.map((child) => (child === block.root ? 'root' : child)) }
      : {}),
  }));
}

/** A processor with one surface holding `components`; updates go through `update`. */
export function createSurface(
  components: Record<string, unknown>[],
  surfaceId = 'bench',
): { surface: SurfaceModel<never>; update(next: Record<string, unknown>[]): void } {
  const processor = new MessageProcessor([catalog]);
  processor.processMessages([
    { version: 'v0.9', createSurface: { surfaceId, catalogId: catalog.id } },
    { version: 'v0.9', updateComponents: { surfaceId, components } },
  ] as never);
  const surface = processor.model.getSurface(surfaceId) as SurfaceModel<never>;
  return {
    surface,
    update: (next) =>
      processor.processMessages([
        { version: 'v0.9', updateComponents: { surfaceId, components: next } },
      ] as never),
  };
}
