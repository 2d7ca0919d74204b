// Loads quizkit's i18next export with the real i18next package and resolves the keys it is given.
// Input (stdin): {"resources": "<dir>", "requests": [{"lng", "ns", "key", "options"}]}
// Output (stdout): [{"exists": bool, "value": string}] in request order.
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import i18next from "i18next";

const input = JSON.parse(readFileSync(0, "utf8"));
const resources = {};
for (const lng of readdirSync(input.resources)) {
  resources[lng] = {};
  for (const file of readdirSync(join(input.resources, lng))) {
    resources[lng][file.replace(/\.json$/, "")] = JSON.parse(readFileSync(join(input.resources, lng, file), "utf8"));
  }
}
await i18next.init({
  resources,
  lng: "en",
  fallbackLng: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});
const results = input.requests.map(({ lng, ns, key, options }) => {
  const t = i18next.getFixedT(lng, ns);
  return { exists: i18next.exists(key, { lng, ns, ...(options || {}) }), value: t(key, options || {}) };
});
process.stdout.write(JSON.stringify(results));
