import { FINAL_ANSWER } from '../conversation/index.js';

/*
 * Typed by shape rather than by the AI SDK's StepResult, whose generics
 * differ between majors: any step of `ai` 6 or 7 fits.
 */
interface ToolResultLike {
  type?: string;
  toolName?: string;
  output?: unknown;
}
interface StepLike {
  toolResults?: readonly ToolResultLike[];
  content?: readonly ToolResultLike[];
}

/** Whether the step's `final_answer` call was accepted (a rejected one leaves the model room to repair it). */
function reportAccepted(step: StepLike | undefined): boolean {
  const results =
    step?.toolResults ?? step?.content?.filter((part) => part.type === 'tool-result') ?? [];
  return results.some(
    (result) =>
      result.toolName === FINAL_ANSWER &&
      (result.output as { ok?: unknown } | undefined)?.ok === true,
  );
}

/**
 * A `stopWhen` for `streamText`: the run ends after the step whose
 * `final_answer` was accepted, or after `maxSteps` steps. The model gets no
 * further call, so nothing it might still want to do (another tool, more
 * text) happens once the report is in.
 */
export function answerStopWhen(maxSteps = 8) {
  return ({ steps }: { steps: readonly StepLike[] }): boolean =>
    steps.length >= maxSteps || reportAccepted(steps.at(-1));
}
