/*
 * The equivalent of answer-ui's block components for @json-render/react: a
 * catalog (Zod props schemas mirroring answer-ui's) and a registry of React
 * components rendering roughly the DOM answer-ui's elements render (a metric
 * card, a sortable table with header buttons, a section with a heading, a
 * flex stack, a paragraph). Each root carries `data-kind` so a page can count
 * the rendered elements.
 */
import { createElement as h, type ReactNode } from 'react';
import { defineCatalog, type Spec } from '@json-render/core';
import { schema } from '@json-render/react/schema';
import { defineRegistry } from '@json-render/react';
import * as z from 'zod';
import type { Block } from '../../../src/catalog/index.js';
import {
  alignment,
  formatCell,
  formatDelta,
  formatNumber,
  type Cell,
  type Column,
} from './format.js';

const shortText = z.string().max(200);
const cell = z.union([z.string().max(2000), z.number(), z.boolean(), z.null()]);

export const catalog = defineCatalog(schema, {
  components: {
    Stack: {
      props: z.strictObject({
        direction: z.enum(['vertical', 'horizontal']).optional(),
        gap: z.enum(['none', 'sm', 'md', 'lg']).optional(),
        align: z.enum(['start', 'center', 'end', 'stretch']).optional(),
        wrap: z.boolean().optional(),
      }),
      description: 'Layout container: arranges its children vertically or horizontally.',
    },
    Section: {
      props: z.strictObject({ title: shortText, subtitle: shortText.optional() }),
      description: 'A titled group of related children.',
    },
    Text: {
      props: z.strictObject({
        text: z.string().max(8000),
        variant: z.enum(['body', 'heading', 'caption', 'note', 'code']).optional(),
      }),
      description: 'A paragraph of plain text.',
    },
    Metric: {
      props: z.strictObject({
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
      }),
      description: 'One key figure with an optional change indicator.',
    },
    Table: {
      props: z.strictObject({
        caption: shortText.optional(),
        columns: z
          .array(
            z.strictObject({
              label: shortText,
              align: z.enum(['start', 'center', 'end']).optional(),
              format: z.enum(['text', 'number', 'percent', 'currency', 'date']).optional(),
              currency: z.string().optional(),
            }),
          )
          .min(1)
          .max(20),
        rows: z.array(z.array(cell).max(20)).max(500),
      }),
      description: 'A data table the reader can sort by column.',
    },
  },
  actions: {},
});

function Metric({
  props,
}: {
  props: {
    label: string;
    value: number | string;
    format?: string;
    currency?: string;
    unit?: string;
    delta?: number;
    good_direction?: string;
    caption?: string;
  };
}) {
  const shown =
    typeof props.value === 'number'
      ? formatNumber(props.value, props.format, props.currency)
      : props.value;
  const delta = props.delta;
  const direction = delta === undefined ? 'flat' : delta > 0 ? 'up' : delta < 0 ? 'down' : 'flat';
  const quality =
    direction === 'flat' ? '' : direction === (props.good_direction ?? 'up') ? 'good' : 'bad';
  return h(
    'div',
    { className: 'card', 'data-kind': 'Metric' },
    h('div', { className: 'label', dir: 'auto' }, props.label),
    h(
      'div',
      { className: `value ${shown.length > 11 ? 'long' : ''}` },
      h('bdi', null, shown),
      props.unit ? h('span', { className: 'unit' }, props.unit) : null,
    ),
    delta === undefined
      ? null
      : h(
          'div',
          { className: `delta ${quality}` },
          h(
            'span',
            { 'aria-hidden': 'true' },
            `${direction === 'up' ? '▲' : direction === 'down' ? '▼' : '●'} ${formatDelta(delta)}`,
          ),
          h(
            'span',
            { className: 'visually-hidden' },
            direction === 'up'
              ? `Up ${formatDelta(delta)}`
              : direction === 'down'
                ? `Down ${formatDelta(delta)}`
                : 'No change',
          ),
        ),
    props.caption ? h('div', { className: 'caption muted', dir: 'auto' }, props.caption) : null,
  );
}

function Table({ props }: { props: { caption?: string; columns: Column[]; rows: Cell[][] } }) {
  return h(
    'div',
    {
      className: 'scroll',
      tabIndex: 0,
      role: 'region',
      'aria-label': props.caption ?? 'Data table',
      'data-kind': 'Table',
    },
    h(
      'table',
      null,
      props.caption ? h('caption', null, props.caption) : null,
      h(
        'thead',
        null,
        h(
          'tr',
          null,
          props.columns.map((column, i) =>
            h(
              'th',
              { key: i, scope: 'col', className: alignment(column) },
              h(
                'button',
                { type: 'button', title: `Sort by ${column.label}` },
                column.label,
                h('span', { className: 'sort', 'aria-hidden': 'true' }, '↕'),
              ),
            ),
          ),
        ),
      ),
      h(
        'tbody',
        null,
        props.rows.map((row, r) =>
          h(
            'tr',
            { key: r },
            props.columns.map((column, i) =>
              h('td', { key: i, className: alignment(column) }, formatCell(row[i], column)),
            ),
          ),
        ),
      ),
    ),
  );
}

export const { registry } = defineRegistry(catalog, {
  components: {
    Stack: ({
      props,
      children,
    }: {
      props: { direction?: string; gap?: string };
      children?: ReactNode;
    }) =>
      h(
        'div',
        {
          className: `stack ${props.direction ?? 'vertical'} gap-${props.gap ?? 'md'}`,
          'data-kind': 'Stack',
        },
        children,
      ),
    Section: ({
      props,
      children,
    }: {
      props: { title: string; subtitle?: string };
      children?: ReactNode;
    }) =>
      h(
        'section',
        { 'data-kind': 'Section' },
        h('h3', { dir: 'auto' }, props.title),
        props.subtitle ? h('p', { className: 'subtitle muted' }, props.subtitle) : null,
        h('div', { className: 'body' }, children),
      ),
    Text: ({ props }: { props: { text: string; variant?: string } }) =>
      h(
        'p',
        { className: `text ${props.variant ?? 'body'}`, dir: 'auto', 'data-kind': 'Text' },
        props.text,
      ),
    Metric,
    Table,
  },
});

/** The json-render spec for an answer-ui block: the same flat element map; json-render wants `children` on every element. */
export function toSpec(block: Block): Spec {
  const elements = Object.fromEntries(
    Object.entries(block.elements).map(([id, element]) => [id, { children: [], ...element }]),
  );
  return { root: block.root, elements: elements as unknown as Spec['elements'] };
}
