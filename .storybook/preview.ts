import {
  setCustomElementsManifest,
  type Decorator,
  type Loader,
  type Preview,
} from '@storybook/web-components-vite';
import { html } from 'lit';
import { action } from 'storybook/actions';
// Written by `npm run manifest` (main.ts regenerates it before each Storybook start or build).
import manifest from '../custom-elements.json';
import {
  answerLocales,
  configureAnswerUI,
  localeDirection,
  setAnswerLocale,
  type MapOptions,
} from '../src/index.js';
import { customElementDocs } from './custom-elements.js';

/** The events the answer elements fire; each is logged in the Actions panel. */
const ANSWER_EVENTS = [
  'answer-form-submit',
  'answer-map-locate',
  'answer-source-select',
  'answer-file-select',
  'answer-approval-response',
  'answer-data',
  'answer-error',
  'answer-send',
] as const;

/*
 * Docs pages (props, methods, events, slots, CSS parts and custom
 * properties) come from custom-elements.json: each story file's `component`
 * is the element's tag name.
 */
setCustomElementsManifest(manifest);
const elementDocs = customElementDocs(manifest);

const LOCALE_NAMES: Record<string, string> = {
  en: 'English',
  ar: 'العربية (Arabic, RTL)',
  de: 'Deutsch',
  es: 'Español',
  fr: 'Français',
  ja: '日本語',
  ko: '한국어',
  'zh-Hans': '简体中文',
};

const PAGE = {
  light: { background: '#ffffff', text: '#1b1f24' },
  dark: { background: '#0d1117', text: '#e6e8eb' },
} as const;

type Theme = keyof typeof PAGE;
type Direction = 'auto' | 'ltr' | 'rtl';

/*
 * Locale and map tiles are page-wide settings of answer-ui, so they are
 * applied before each story renders: the locale from the toolbar, the tile
 * source from the story's `parameters.answerMap` (no tiles by default; a
 * story turns off its file's tiles with `null`, as `undefined` does not
 * override a parameter). A Docs page shows all stories of a file at once,
 * so stories that need another page-wide setting are tagged `!autodocs`.
 */
const applySettings: Loader = async ({ globals, parameters }) => {
  configureAnswerUI({ map: (parameters.answerMap as MapOptions | undefined) ?? {} });
  const locale = typeof globals.locale === 'string' ? globals.locale : 'en';
  try {
    await setAnswerLocale(locale);
  } catch (error) {
    // A missing or broken translation must not blank the story: show the source strings.
    console.warn(`answer-ui storybook: could not switch to locale "${locale}"`, error);
  }
  return {};
};

const logEvent = (type: string) => {
  const log = action(type);
  return (event: Event) => log((event as CustomEvent).detail);
};
const listeners = Object.fromEntries(ANSWER_EVENTS.map((type) => [type, logEvent(type)]));

/**
 * Wraps each story in a page-like container for the chosen theme and
 * direction; `--answer-color-scheme` forces the elements' theme whatever the
 * operating system prefers.
 */
const withPage: Decorator = (story, { globals, viewMode }) => {
  const theme: Theme = globals.theme === 'dark' ? 'dark' : 'light';
  const locale = typeof globals.locale === 'string' ? globals.locale : 'en';
  const chosen = (globals.direction ?? 'auto') as Direction;
  const dir = chosen === 'auto' ? localeDirection(locale) : chosen;
  const page = PAGE[theme];

  // The canvas is the story's page; a Docs page shows many stories, so there only the wrapper is themed.
  if (viewMode !== 'docs') {
    const root = document.documentElement;
    root.dir = dir;
    root.lang = locale;
    root.style.colorScheme = theme;
    root.style.background = page.background;
    document.body.style.background = page.background;
    document.body.style.margin = '0';
  }

  return html`<div
    class="answer-story"
    dir=${dir}
    lang=${locale}
    data-theme=${theme}
    style="--answer-color-scheme: ${theme}; color-scheme: ${theme}; background: ${page.background}; color: ${page.text};
      font-family: system-ui, sans-serif; padding: 1rem; box-sizing: border-box; ${viewMode === 'docs' ? '' : 'min-height: 100vh;'}"
  >
    ${story()}
  </div>`;
};

/** Logs the answer events that bubble out of the story in the Actions panel. */
const withAnswerEvents: Decorator = (story) => html`<div
  class="answer-events"
  @answer-form-submit=${listeners['answer-form-submit']}
  @answer-map-locate=${listeners['answer-map-locate']}
  @answer-source-select=${listeners['answer-source-select']}
  @answer-file-select=${listeners['answer-file-select']}
  @answer-approval-response=${listeners['answer-approval-response']}
  @answer-data=${listeners['answer-data']}
  @answer-error=${listeners['answer-error']}
  @answer-send=${listeners['answer-send']}
>
  ${story()}
</div>`;

const preview: Preview = {
  // A Docs page for every story file, built from custom-elements.json.
  tags: ['autodocs'],
  argTypesEnhancers: [elementDocs.inertControlsOff],
  decorators: [withAnswerEvents, withPage],
  loaders: [applySettings],
  globalTypes: {
    theme: {
      description: 'Colour theme of the answer elements (sets --answer-color-scheme)',
      toolbar: {
        title: 'Theme',
        icon: 'mirror',
        items: [
          { value: 'light', title: 'Light', icon: 'sun' },
          { value: 'dark', title: 'Dark', icon: 'moon' },
        ],
        dynamicTitle: true,
      },
    },
    direction: {
      description: 'Text direction of the page',
      toolbar: {
        title: 'Direction',
        icon: 'transfer',
        items: [
          { value: 'auto', title: 'Direction from locale' },
          { value: 'ltr', title: 'Left to right (ltr)' },
          { value: 'rtl', title: 'Right to left (rtl)' },
        ],
        dynamicTitle: true,
      },
    },
    locale: {
      description: 'Locale of the answer elements (setAnswerLocale)',
      toolbar: {
        title: 'Locale',
        icon: 'globe',
        items: answerLocales.map((locale) => ({
          value: locale,
          title: LOCALE_NAMES[locale] ?? locale,
          right: locale,
        })),
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: {
    theme: 'light',
    direction: 'auto',
    locale: 'en',
  },
  parameters: {
    layout: 'fullscreen',
    options: {
      // The guides (docs/guides/*.mdx) in the order a newcomer reads them. Storybook reads
      // this from the source text, so it must be written out as a literal.
      storySort: {
        order: [
          'Guides',
          [
            'Getting started',
            'The contract',
            'The elements',
            'The conversation',
            'Saved conversations',
            'Agent back ends',
            'MCP hosts',
            'A2UI',
            'Theming',
            'Languages and RTL',
            'Accessibility',
            'Security',
            'Performance',
          ],
          'Block',
          'Components',
          'Thread',
          'Answer parts',
        ],
      },
    },
    docs: {
      extractArgTypes: elementDocs.extractArgTypes,
      extractComponentDescription: elementDocs.extractComponentDescription,
    },
    controls: {
      expanded: true,
      matchers: { date: /(published|Date)$/ },
    },
    viewport: {
      options: {
        narrow: {
          name: 'Narrow (320px)',
          styles: { width: '320px', height: '640px' },
          type: 'mobile',
        },
        mobile: {
          name: 'Mobile (375px)',
          styles: { width: '375px', height: '740px' },
          type: 'mobile',
        },
        desktop: {
          name: 'Desktop (1280px)',
          styles: { width: '1280px', height: '800px' },
          type: 'desktop',
        },
      },
    },
  },
};

export default preview;
