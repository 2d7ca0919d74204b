// Formats the ICU MessageFormat strings of quizkit's JSON bundle with intl-messageformat.
// Input (stdin): {"requests": [{"locale", "message", "values"}]}; output: formatted strings.
import { readFileSync } from "node:fs";
import { IntlMessageFormat } from "intl-messageformat";

const input = JSON.parse(readFileSync(0, "utf8"));
const results = input.requests.map(({ locale, message, values }) => new IntlMessageFormat(message, locale).format(values));
process.stdout.write(JSON.stringify(results));
