/**
 * A host may frame the view without `allow-forms`. The browser then never
 * submits a form, so the `submit` event a FollowUpForm listens for never
 * fires. This turns the reader's own actions — pressing a submit button, or
 * Enter in a one-line field — into that event, dispatched on the form, so the
 * form runs its own validation and submission. The native event, where a
 * frame does allow forms, finds the form already submitted.
 */
export function submitFormsWithoutNativeSubmission(root: Node): () => void {
  const submit = (form: HTMLFormElement | null, submitter: HTMLElement | null) => {
    if (!form) return false;
    form.dispatchEvent(new SubmitEvent('submit', { bubbles: true, cancelable: true, submitter }));
    return true;
  };
  const onClick = (event: Event) => {
    const button = event
      .composedPath()
      .find((node): node is HTMLButtonElement => node instanceof HTMLButtonElement);
    if (button?.type === 'submit' && !button.disabled && submit(button.form, button))
      event.preventDefault();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' || event.isComposing) return;
    const input = event.composedPath()[0];
    if (
      !(input instanceof HTMLInputElement) ||
      ['checkbox', 'radio', 'button', 'submit'].includes(input.type)
    )
      return;
    const button = input.form?.querySelector<HTMLButtonElement>('button[type=submit]') ?? null;
    if (submit(input.form, button)) event.preventDefault();
  };
  root.addEventListener('click', onClick);
  root.addEventListener('keydown', onKeyDown as EventListener);
  return () => {
    root.removeEventListener('click', onClick);
    root.removeEventListener('keydown', onKeyDown as EventListener);
  };
}
