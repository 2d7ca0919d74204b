// What the player's scripts share across files, for TypeScript's check of them (tsconfig.json). The scripts
// are classic scripts that one page loads in order (toolkit/exporters/player_assets.py); TypeScript sees
// kinds.js and scorm.js as such and finds their globals (quizkitKinds, quizkitScorm) itself, but grading.js
// ends in `module.exports` for its Node tests, which makes it a CommonJS module to TypeScript.

/** grading.js's global, the grader (in the page, the `var` of its first line). */
declare var quizkitGrading: typeof import("../../toolkit/exporters/player/grading.js");

/** A grader made for a page's tables (quizkitGrading.create). */
type Grader = ReturnType<typeof quizkitGrading.create>;

/** The learner's attempt (player.js): the question shown, the points so far, each answer and its grade. */
interface PlayerState {
  index: number;
  score: Fraction;
  checked: boolean;
  answers: unknown[];
  grades: Array<Fraction | null>;
  /** The grade of the answer checked on the question shown, added to the score by "Next". */
  pendingScore?: Fraction | null;
}

/** The player's face to a host page's script (player.js sets it; scorm_player.js reads it). */
interface QuizkitPlayer {
  /** The URL's hash when the page opened, before the player rewrote it. */
  openedWith: string;
  messageText(name: string, values?: Record<string, unknown>): string;
  state: PlayerState;
  questions: any[];
  graded: boolean;
  grade(index: number, response: unknown): Fraction | null;
  saved(): string;
  resume(saved: string): boolean;
}

interface Window {
  quizkitPlayer?: QuizkitPlayer;
}

/** A score, exact: [numerator, denominator] (grading.js, as the library's Fraction). */
type Fraction = [number, number];

/** A decimal number, exact, as Python's Decimal holds it (grading.js). */
interface Decimal {
  negative: boolean;
  coefficient: bigint;
  exponent: bigint;
}
