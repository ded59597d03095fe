import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html, nothing } from 'lit';
import flightStatus from '../node_modules/@a2ui/web_core/src/v0_9/schemas/catalogs/basic/examples/01_flight-status.json';
import loginForm from '../node_modules/@a2ui/web_core/src/v0_9/schemas/catalogs/basic/examples/09_login-form.json';
import movieCard from '../node_modules/@a2ui/web_core/src/v0_9/schemas/catalogs/basic/examples/29_movie-card.json';
import { fromA2ui } from '../src/a2ui/index.js';
import { getAnswerLocale } from '../src/base/active-locale.js';
import { notShownText } from '../src/base/not-shown.js';
import '../src/index.js';

/** An example of A2UI's own gallery: its name and its v0.9 messages. */
interface Example {
  name: string;
  messages: unknown[];
}

interface A2uiArgs {
  /** The surfaces shown, each as A2UI's gallery has it (its messages) and as answer-ui renders it. */
  examples: Example[];
}

/** Inline: a story renders into the page's light DOM, which its own styles must not leak into. */
const FIGURE =
  'display: grid; grid-template-columns: repeat(auto-fit, minmax(min(100%, 18rem), 1fr));' +
  ' gap: 1rem; margin: 0; min-width: 0';
const CAPTION = 'grid-column: 1 / -1; font: 600 1rem system-ui, sans-serif';
const MESSAGES =
  'margin: 0; max-height: 22rem; overflow: auto; padding: 0.75rem; font-size: 0.75rem;' +
  ' border: 1px solid currentColor; border-radius: 6px';
const NOTE = 'margin: 0.5rem 0 0; font: 0.875rem system-ui, sans-serif';

/** One surface: A2UI's messages beside the blocks `fromA2ui` reads from them, and its note. */
function pair({ name, messages }: Example) {
  const read = fromA2ui(messages, { locale: getAnswerLocale() });
  const left = read.notShown.map((part) => part.component);
  return html`<figure style=${FIGURE}>
    <figcaption style=${CAPTION}>${name}</figcaption>
    <pre style=${MESSAGES} tabindex="0" aria-label=${`${name}: A2UI messages`}>${JSON.stringify(messages, null, 2)}</pre>
    <div>
      ${read.blocks.map((block) => html`<answer-block .block=${block}></answer-block>`)}
      ${left.length ? html`<p style=${NOTE}>${notShownText(left)}</p>` : nothing}
    </div>
  </figure>`;
}

/**
 * A2UI surfaces from the examples of A2UI's basic catalog, as its gallery
 * lists them (their v0.9 messages), beside the validated blocks answer-ui
 * reads from them (`fromA2ui` of `answer-ui/a2ui`) and the line that names
 * what they leave out: icons, images and dividers (blocks carry no
 * addresses), and buttons that would call the agent.
 */
const meta: Meta<A2uiArgs> = {
  title: 'A2UI',
  args: { examples: [flightStatus, loginForm, movieCard] as Example[] },
  argTypes: {
    examples: { control: 'object', description: 'A2UI examples: { name, messages }' },
  },
  render: ({ examples }) =>
    html`<div style="display: grid; gap: 1.5rem; width: min(100%, 64rem)">${examples.map(pair)}</div>`,
};
export default meta;

type Story = StoryObj<A2uiArgs>;

/** A flight's status, a login form and a movie card, from A2UI's basic catalog examples. */
export const Gallery: Story = {};
