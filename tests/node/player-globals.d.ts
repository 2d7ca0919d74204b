// What the player's scripts share across files, for TypeScript's check of them (tsconfig.json). The scripts
// are classic scripts that one page loads in order (toolkit/exporters/player/assets.py); TypeScript sees
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
  answers: LearnerResponse[];
  grades: Array<Fraction | null>;
  /** The grade of the answer checked on the question shown, added to the score by "Next". */
  pendingScore?: Fraction | null;
}

/** The player's face to a host page's script (player.js sets it; scorm_player.js reads it). */
interface QuizkitPlayer {
  /** The URL's hash when the page opened, before the player rewrote it. */
  openedWith: string;
  messageText(name: string, values?: MessageValues): string;
  state: PlayerState;
  questions: QuestionView[];
  graded: boolean;
  /** The entry of a question's kind in the player's table of kinds (kinds.js). */
  kindOf(question: QuestionView): Kind<any, any>;
  grade(index: number, response: LearnerResponse): Fraction | null;
  saved(): string;
  resume(saved: string): boolean;
}

interface Window {
  quizkitPlayer?: QuizkitPlayer;
  /** toolkit/screenshots/capture.js, added to a marked page by quizkit screenshots. */
  quizkitScreenshots?: {
    keys(): string[];
    frame(key: string): { x: number; y: number; width: number; height: number; scale: number } | null;
    unframe(): void;
    choices(): number;
    answer(choice: number): boolean;
    next(): boolean;
    move(): boolean;
  };
}

/** A score, exact: [numerator, denominator] (grading.js, as the library's Fraction). */
type Fraction = [number, number];

/** A decimal number, exact, as Python's Decimal holds it (grading.js). */
interface Decimal {
  negative: boolean;
  coefficient: bigint;
  exponent: bigint;
}

// --- What the page carries (script#quiz-data, written by toolkit/exporters/player/html.py) -------------------

/** A text as the player renders it: [kind, text] runs ("text", "latin", "code", "code-block"; "ph" names a
 * placeholder; a leading "key" carries the text's catalog key, in the view of a page made for screenshots
 * only); a formula is ["math" or "display-math", its MathML, its TeX]. */
type Segment = [string, string] | [string, string, string];
type Segments = Segment[];

/** The page's data: the locale's bundle, the view of the quiz, the grader's tables (graded pages). */
interface PageData {
  bundle: { locale: string; dir: string; numberingSystem: string; answers?: boolean; [field: string]: unknown };
  view: QuizView;
  grading?: GradingTables;
}

/** toolkit/exporters/player/view.py view(). */
interface QuizView {
  latinLang: string;
  questions: QuestionView[];
  messages: Record<string, MessageView>;
}

/** A message of the interface: one text, or plural forms by category (player/view.py view_message). */
interface MessageView {
  lang: string;
  dir: string;
  text?: Segments;
  plural?: string;
  forms?: Record<string, Segments>;
}

/**
 * What every question of the view has. The answer key (correct, accepted, shown, answer, tolerance,
 * modelAnswer, explanation, partialCredit) is absent from the delivery variant, which grades nothing.
 */
/** An image of the quiz as the view gives it: its copy's path from the page, its alt text (none when decorative). */
interface ImageView {
  src: string;
  decorative: boolean;
  alt?: Segments;
  width?: number;
  height?: number;
}

interface QuestionBase {
  id: string;
  lang: string;
  dir: string;
  prompt: Segments;
  image?: ImageView;
  typedDir?: string;
  explanation?: Segments;
  explanationImage?: ImageView;
  partialCredit?: boolean;
}

interface ChoiceQuestionView extends QuestionBase {
  type: "single_choice" | "multiple_choice";
  order: string[];
  options: Record<string, { text: Segments; image?: ImageView; feedback?: Segments }>;
  correct: string[];
}

interface TrueFalseQuestionView extends QuestionBase {
  type: "true_false";
  correct: boolean;
}

interface ShortAnswerQuestionView extends QuestionBase {
  type: "short_answer";
  typedDir: string;
  accepted: string[];
  caseSensitive: boolean;
  shown: Segments[];
}

interface NumericQuestionView extends QuestionBase {
  type: "numeric";
  typedDir: string;
  unit: Segments | null;
  /** str() of the library's Decimal. */
  answer: Intl.StringNumericLiteral;
  tolerance: Intl.StringNumericLiteral;
}

interface MatchingQuestionView extends QuestionBase {
  type: "matching";
  pairs: Array<{ id: string; prompt: Segments }>;
  matches: Array<{ id: string; text: Segments }>;
  /** Pair id to match id. */
  correct: Record<string, string>;
}

interface OrderingQuestionView extends QuestionBase {
  type: "ordering";
  items: Array<{ id: string; text: Segments }>;
  correct: string[];
}

type BlankView =
  | { kind: "choice"; options: Array<{ id: string; text: Segments }>; correct: string }
  | { kind: "typed"; accepted: string[]; caseSensitive: boolean; shown: Segments[] };

interface FillInBlanksQuestionView extends QuestionBase {
  type: "fill_in_blanks";
  typedDir: string;
  /** The text's pieces in the translation's order: ["text", segments] or ["blank", blank id]. */
  text: Array<["text", Segments] | ["blank", string]>;
  blanks: Record<string, BlankView>;
}

interface EssayQuestionView extends QuestionBase {
  type: "essay";
  typedDir: string;
  modelAnswer?: Segments;
}

/** A question the learner types the answer of (short answer, numeric, essay): one text field. */
interface TypedQuestion extends QuestionBase {
  type: string;
  typedDir: string;
  unit?: Segments | null;
}

type QuestionView =
  | ChoiceQuestionView
  | TrueFalseQuestionView
  | ShortAnswerQuestionView
  | NumericQuestionView
  | MatchingQuestionView
  | OrderingQuestionView
  | FillInBlanksQuestionView
  | EssayQuestionView;

/**
 * A learner's answer, per kind as grading.py's: option ids, a boolean, a text, pair id to match id, item
 * ids in order, blank id to text or option id; null when there is none.
 */
type LearnerResponse = string[] | boolean | string | Record<string, string> | null;

// --- The grader's tables (toolkit/exporters/player/player_grading.py) ---------------------------------------

interface GradingTables {
  whitespace: string;
  bidiControls: string;
  /** str.casefold(): runs [first, last, step, offset] of code points, and the characters that fold to several. */
  casefold: { runs: Array<[number, number, number, number]>; several: Record<string, string> };
  number: NumberRules;
  urdu: UrduRules | null;
}

/** toolkit/text/numbers.py's rules for the page's locale. */
interface NumberRules {
  decimal: string;
  group: string;
  groupIsSpace: boolean;
  spaces: string;
  minusSigns: string;
  arabicDecimal: string;
  arabicGroup: string;
  /** The code point of each decimal digit system's zero. */
  zeros: number[];
}

/** toolkit/text/urdu_normalizer.py's normalizer rules (regular-expression sources and tables). */
interface UrduRules {
  letter: string;
  mark: string;
  letterTriggers: string;
  spacingTriggers: string;
  notSpace: string;
  nonJoining: string[];
  finalDoachashmee: Record<string, string>;
  latinToUrdu: Record<string, string>;
  letters: Record<string, string>;
  bidiControls: string;
}

/** A way to read a number's separators (grading.js): which characters are the decimal point, which group. */
interface Reading {
  decimal: Set<string>;
  group: Set<string>;
}

/** A typed number as read (grading.js readNumber): the value graded, the other convention's reading where it differs. */
interface TypedNumber {
  value: Decimal;
  otherwise: Decimal | null;
  own: boolean;
}

// --- SCORM 1.2 (scorm.js) ------------------------------------------------------------------------------

/** The SCORM 1.2 run-time API an LMS puts on a window as `API`; LMSs answer with strings (or booleans). */
interface ScormApi {
  LMSInitialize(empty: ""): unknown;
  LMSFinish(empty: ""): unknown;
  LMSGetValue(name: string): unknown;
  LMSSetValue(name: string, value: string): unknown;
  LMSCommit(empty: ""): unknown;
  LMSGetLastError(): unknown;
}

interface Window {
  API?: ScormApi;
}

// --- The player's DOM helpers, handed to the question kinds (player.js to kinds.js) -------------------

type Tag = keyof HTMLElementTagNameMap;
type Attributes = Record<string, string>;
/** A message's placeholder values ({number}, {total}...). */
type MessageValues = Record<string, string | number>;
/** The language and direction a piece of the page is written in. */
interface Languages {
  lang: string;
  dir: string;
}

interface PlayerUi {
  el<K extends Tag>(tag: K, attributes: Attributes, children?: Array<string | Node>): HTMLElementTagNameMap[K];
  fill<T extends Node>(node: T, segments: Segments, values?: MessageValues): T;
  markKey<T extends Element>(node: T, segments: Segments): T;
  markMessage<T extends Element>(node: T, name: string): T;
  /** On a page made for screenshots, the element a screen-reader-only message is said of, marked with its key. */
  markSpoken<T extends Element>(node: T, name: string): T;
  plainText(segments: Segments): string;
  message(name: string, values?: MessageValues): HTMLSpanElement;
  messageBlock<K extends Tag>(name: string, tag: K, attributes: Attributes, values?: MessageValues): HTMLElementTagNameMap[K];
  messageText(name: string, values?: MessageValues): string;
  inQuestion<K extends Tag>(tag: K, texts: Languages, attributes?: Attributes, segments?: Segments): HTMLElementTagNameMap[K];
  clear(node: Node): void;
  newId(prefix: string): string;
  /** The language an interface message is written in: the page's, or the source's where it fell back. */
  spoken(name: string): Languages;
  exact: Intl.NumberFormat;
  image(shown: ImageView, className: string): HTMLImageElement;
}

// --- The table of question kinds (kinds.js) ------------------------------------------------------------

/**
 * A question kind's entry: everything the player, its grading and its SCORM adapter do that depends on
 * the kind. Q is the kind's question view, R its LearnerResponse (never null where a method takes one,
 * but in grade).
 */
interface Kind<Q extends QuestionBase, R> {
  /** The interface message under the prompt that says what to do (content/ui.yaml). */
  hint: string;
  /** False for a kind that is not graded (essay): "Submit", no points, "submitted", no SCORM weighting. */
  graded: boolean;
  /** The answer's control; onChange for a change the form's events do not see (a button moving an item). */
  control(question: Q, onChange: () => void): Control;
  /** The answer as a token of the URL hash: no "." or "&" (player.js joins the tokens with "."). */
  encode(question: Q, response: R): string;
  /** The answer of a token (never empty), or null when it does not fit the question. */
  decode(question: Q, token: string): R | null;
  /** grading.py's grade of the kind with grading.js's tools; null for a kind that is not graded. */
  grade(question: Q, response: R | null, grader: Grader): Fraction | null;
  /** After checking, marks on the options, right and wrong: the right answer is shown that way. */
  mark?(form: HTMLFormElement, question: Q): void;
  /** After checking, what follows the verdict (an option's feedback, how a number was read). */
  feedback?(question: Q, response: R, grader: Grader): Node[];
  /** The learner's answer as review terms (<dd>). */
  answerTerms(question: Q, response: R): HTMLElement[];
  /** The right answer (a model answer for a kind that is not graded) as review terms (<dd>). */
  correctTerms(question: Q): HTMLElement[];
  /** The SCORM 1.2 interaction (scorm_player.js records it). */
  interaction(question: Q, scorm: ScormTools): Interaction<R>;
}

/** A SCORM 1.2 interaction type, its correct patterns (null: none fits), and the learner's response in its format. */
interface Interaction<R> {
  type: string;
  patterns: Array<string | null>;
  response(answer: R): string | null;
}

/** The SCORM 1.2 data model's terms that the kinds describe their interactions in (scorm_player.js). */
interface ScormTools {
  /** The single character that names a choice at a position (a-z, 0-9), null beyond them. */
  letter(position: number): string | null;
  /** The ids as their positions' characters in known, joined with ",", null if one has none. */
  letters(known: string[], ids: string[]): string | null;
  /** A text cut to a CMIString255. */
  clip(text: string): string;
  /** Whether a text fits a CMIString255. */
  fits(text: string): boolean;
  /** A typed number as a plain decimal, null for no number or one that does not fit. */
  plainDecimal(typed: string): string | null;
}

/** A question's answer control (kinds.js): its node, the answer so far (null until there is one). */
interface Control {
  node: HTMLElement;
  response(): LearnerResponse;
  /** After checking: controls whose buttons stay usable otherwise (ordering) disable them. */
  disable?(): void;
}

/** The choice control (kinds.js choiceControl): the ids chosen; the kind's control adds response(). */
interface ChoiceControl {
  node: HTMLElement;
  chosen(): string[];
  response?(): LearnerResponse;
}

/** The typed answer's control (kinds.js typedControl), with its text field. */
interface TypedControl extends Control {
  field: HTMLInputElement | HTMLTextAreaElement;
}
