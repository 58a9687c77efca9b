import { describe, expect, it } from "vitest";
import { z } from "zod";
import { parseForm, refuseFields } from "~/.server/forms/index.ts";
import { HONEYPOT_FIELD } from "~/lib/forms/form-basics.ts";

/** How a refused form puts back what was typed, so that no page builds its 400 by hand. */
function form(entries: Array<[string, string]>): FormData {
  const f = new FormData();
  for (const [name, value] of entries) f.append(name, value);
  return f;
}

const schema = z.object({
  city: z.string().trim().min(1, "Enter the city."),
  skills: z.preprocess((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]), z.array(z.string()).min(1, "Tick at least one skill.")),
});

describe("the form pipeline's refusals", () => {
  it("keeps every ticked box of a list field, none ticked as [], and the text fields but the version and the honeypot", () => {
    const typed = form([["intent", "update"], ["version", "3"], [HONEYPOT_FIELD, ""], ["city", ""], ["skills", "plc"], ["skills", "vfd"], ["services", "a"]]);
    const parsed = parseForm(typed, schema, { lists: ["skills", "services", "areas"] });
    expect(parsed.refusal?.init?.status).toBe(400);
    expect(parsed.failure).toEqual({ errors: { city: "Enter the city." }, values: { intent: "update", city: "" }, lists: { skills: ["plc", "vfd"], services: ["a"], areas: [] }, intent: "update" });
    expect(parseForm(form([["city", "Pune"]]), schema, { lists: ["skills"] }).failure).toMatchObject({ errors: { skills: "Tick at least one skill." }, lists: { skills: [] } });
  });

  it("puts back only the named fields, never the omitted ones, with extra data and the status asked for", () => {
    const typed = form([["intent", "confirm"], ["name", "Ravi"], ["version", "1"], ["code", "123456"], ["other", "x"]]);
    const answer = refuseFields(typed, { code: "That code is not right." }, { fields: ["name", "version", "code"], omit: ["code"], extra: { step: "code" } });
    expect(answer.init?.status).toBe(400);
    expect(answer.data).toEqual({ errors: { code: "That code is not right." }, values: { name: "Ravi", version: "1" }, intent: "confirm", step: "code" });
    expect(refuseFields(typed, {}, { fields: ["name"], status: 200, extra: { preview: 12 } })).toMatchObject({ init: { status: 200 }, data: { errors: {}, values: { name: "Ravi" }, preview: 12 } });
  });

  it("shows messages found outside the schema beside their fields; the schema's message about the whole form, or a hidden field's, comes first", () => {
    const keyed = z.object({ idempotencyKey: z.uuid("This form has expired."), note: z.string().optional() });
    const expired = parseForm(form([["idempotencyKey", "nope"]]), keyed, { extraErrors: { "line-0-rate": "The rate cannot be negative", form: "Enter at least one line." } });
    expect(expired.failure?.errors).toEqual({ idempotencyKey: "This form has expired.", "line-0-rate": "The rate cannot be negative", form: "This form has expired." });
    const lines = parseForm(form([["idempotencyKey", crypto.randomUUID()]]), keyed, { extraErrors: { form: "Enter at least one line." }, extra: { rows: [] } });
    expect(lines.failure).toMatchObject({ errors: { form: "Enter at least one line." }, rows: [] });
  });
});
