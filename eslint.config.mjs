// eslint for the pages' scripts (static/) and their unit tests (tests/js/), run by
// scripts/test.sh. The scripts are plain browser scripts, no build step: ES2020, the
// browser's globals; the tests run on Node's built-in test runner.
import js from "@eslint/js";
import globals from "globals";

export default [
  js.configs.recommended,
  {
    files: ["static/**/*.js"],
    languageOptions: {
      ecmaVersion: 2020,
      sourceType: "script",
      globals: { ...globals.browser, module: "readonly" },
    },
    rules: {
      eqeqeq: "error",
      "no-implicit-globals": "error",
      "no-unused-vars": ["error", { args: "none", caughtErrors: "none" }],
      strict: ["error", "function"],
    },
  },
  {
    files: ["tests/js/**/*.mjs"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: globals.node },
  },
];
