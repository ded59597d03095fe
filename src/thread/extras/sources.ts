import { msg } from '@lit/localize';
import { html, nothing } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { SourceItem } from '../../conversation/index.js';
import { webUrl } from './safe-urls.js';

/** The longest source URL storage keeps (`CAPS.label`); a longer one is saved cut, as its start. */
const MAX_SAVED_URL = 2_000;
import { sourcesStyles } from './sources.styles.js';
import { AnswerElement } from '../../base/answer-element.js';

type Source = Omit<SourceItem, 'kind' | 'key'>;

/**
 * @tag answer-sources
 * @summary The sources an answer used, as a numbered list whose numbers match
 * the answer's `[1]`-style citations. A web source links to its page only
 * when its URL is http(s), in a new tab without an opener; nothing is
 * fetched or previewed; a screen reader hears the link's host and that it
 * opens in a new tab with its title. A document source shows its title, file name and type.
 * `reveal(n)` brings source n to the reader, as a citation's link asks.
 *
 * @csspart list - The `<ol>` of sources.
 * @csspart source - One source (`<li id="source-N">`, numbered from 1).
 */
export class AnswerSources extends AnswerElement {
  static override styles = sourcesStyles;

  /** The sources, in the order the answer cites them: `{ sourceId, url?, title?, mediaType?, filename? }`. */
  @property({ attribute: false }) sources: Source[] = [];

  /** The source highlighted for a moment after `reveal()`, from 1; 0 for none. */
  @state() private highlighted = 0;
  private highlightTimer?: ReturnType<typeof setTimeout>;

  /** Shows source `n` (from 1): scrolls it into view, focuses its link (the entry when it has none) and highlights it for two seconds. */
  reveal(n: number): void {
    const entry = this.renderRoot.querySelector<HTMLElement>(`#source-${n}`);
    if (!entry) return;
    const smooth = matchMedia('(prefers-reduced-motion: no-preference)').matches;
    entry.scrollIntoView({ block: 'nearest', behavior: smooth ? 'smooth' : 'auto' });
    (entry.querySelector('a') ?? entry).focus({ preventScroll: true });
    this.highlighted = n;
    clearTimeout(this.highlightTimer);
    this.highlightTimer = setTimeout(() => (this.highlighted = 0), 2000);
  }

  private renderSource(source: Source, n: number) {
    // A URL too long to save is never linked, live or restored, so a reload links nothing else.
    const tooLong = source.urlShortened || (source.url?.length ?? 0) > MAX_SAVED_URL;
    const url = tooLong ? undefined : webUrl(source.url);
    const shown =
      source.url && source.url.length > MAX_SAVED_URL
        ? `${source.url.slice(0, MAX_SAVED_URL - 1)}…`
        : source.url;
    const name = source.title || source.filename || shown || source.mediaType || source.sourceId;
    // A web source names its host (unless its URL is the name already); a document its file and type.
    const meta = (
      source.url === undefined
        ? [source.title && source.filename, source.mediaType]
        : [source.title && url?.hostname]
    ).filter(Boolean);
    const metaLine = meta.map((part, i) => html`${i ? ' · ' : ''}<bdi>${part}</bdi>`);
    return html`<li id="source-${n}" part="source" class=${n === this.highlighted ? 'highlight' : nothing} tabindex=${url ? nothing : -1}>
      <span class="n" aria-hidden="true">${n}</span>
      <span class="body">
        ${
          url
            ? html`<a class="title" href=${url.href} target="_blank" rel="noopener noreferrer" dir="auto"
                aria-describedby=${meta.length ? `source-${n}-meta new-tab` : 'new-tab'}>${name}</a>`
            : html`<span class="title" dir="auto">${name}</span>`
        }
        ${meta.length ? html`<span class="meta" id="source-${n}-meta">${metaLine}</span>` : nothing}
      </span>
    </li>`;
  }

  override render() {
    const sources = this.sources ?? [];
    if (!sources.length) return nothing;
    return html`<p class="heading" id="heading">${msg('Sources')}</p>
      <ol part="list" aria-labelledby="heading">
        ${sources.map((source, i) => this.renderSource(source, i + 1))}
      </ol>
      <span id="new-tab" hidden>${msg('opens in a new tab')}</span>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'answer-sources': AnswerSources;
  }
}
