// ESLint for the JavaScript quizkit ships (the HTML player, its SCORM adapter, the preview's reload script)
// and for the Node consumers beside this file. Run from the repository root, as `./dev test` does:
//   tests/node/node_modules/.bin/eslint --config tests/node/eslint.config.js
// (the patterns below are relative to the repository root; docs/testing.md). TypeScript checks the same
// scripts' types (tsconfig.json here).
import js from "@eslint/js";
import globals from "globals";

const PLAYER = "toolkit/exporters/player/";

// The shipped scripts are classic scripts (no modules), loaded in this order by a page: grading.js,
// kinds.js, player.js (toolkit/exporters/player/assets.py joins them), then scorm.js and scorm_player.js in
// a SCORM package. Each defines at most one global of its own, which the later ones read; naming them per
// file keeps a misspelt or a new accidental global an error.
const scriptGlobals = {
  "grading.js": { module: "readonly" }, // its tests require() it in Node (tests/exporters/player/test_player_grading.py)
  "kinds.js": {},
  "player.js": { quizkitGrading: "readonly", quizkitKinds: "readonly" },
  "scorm.js": {},
  "scorm_player.js": { quizkitGrading: "readonly", quizkitScorm: "readonly" },
};

export default [
  {
    // The scripts run in the learners' browsers: ES2020 (BigInt) and nothing newer, so a later syntax
    // fails here before it fails in an older browser or LMS.
    files: [PLAYER + "*.js", "toolkit/preview/assets/*.js", "toolkit/screenshots/*.js"],
    ...js.configs.recommended,
    languageOptions: {
      ecmaVersion: 2020,
      sourceType: "script",
      globals: { ...globals.browser },
    },
    rules: {
      ...js.configs.recommended.rules,
      // The scripts catch to ignore what a browser refuses (storage, a frame of another origin, a bad
      // escape); the unused binding says so, and `catch {}` would be the same.
      "no-unused-vars": ["error", { caughtErrors: "none" }],
      "no-implicit-globals": "error",
      "strict": ["error", "function"],
      "eqeqeq": "error",
      "no-shadow": "error",
      // A function may name a later `var` it only reads when it is called (the page is built by then).
      "no-use-before-define": ["error", { functions: false, variables: false }],
    },
  },
  ...Object.entries(scriptGlobals).map(([name, own]) => ({
    files: [PLAYER + name],
    languageOptions: { globals: own },
  })),
  {
    files: ["tests/node/*.mjs", "tests/node/*.js"],
    ...js.configs.recommended,
    languageOptions: { ecmaVersion: "latest", sourceType: "module", globals: { ...globals.node } },
  },
];
