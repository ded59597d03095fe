/*
 * Microsoft's adaptivecards as a check of a card: every event its parser and its validation
 * report. Given the library, so that a browser test passes its ES module and a Node test its
 * UMD build.
 */

/** The parts of `adaptivecards` the check uses. */
export interface AdaptiveCardsLibrary {
  AdaptiveCard: new () => {
    parse(json: unknown, context: unknown): void;
    validateProperties(): { validationEvents: { message: string }[] };
  };
  SerializationContext: new (version: never) => {
    eventCount: number;
    getEventAt(i: number): { message: string };
  };
  Versions: { v1_5: unknown };
  CardElement: { langProperty: { regEx?: RegExp } };
}

/** Every parse and validation event of `card` as an Adaptive Card 1.5. */
export function problemsOfCard(library: AdaptiveCardsLibrary, card: unknown): string[] {
  // The library checks `lang` with a global regular expression, whose `lastIndex` carries over
  // from one card to the next: every other card would fail. Each check starts it afresh.
  const lang = library.CardElement.langProperty.regEx;
  if (lang) lang.lastIndex = 0;
  const parsed = new library.AdaptiveCard();
  const context = new library.SerializationContext(library.Versions.v1_5 as never);
  parsed.parse(card, context);
  const events = Array.from(
    { length: context.eventCount },
    (_, i) => context.getEventAt(i).message,
  );
  return [...events, ...parsed.validateProperties().validationEvents.map((e) => e.message)];
}
