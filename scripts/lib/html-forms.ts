/**
 * The POST forms of an HTML page, as a browser would submit them without JavaScript: each form's fields with
 * their current values (checked boxes only, the selected option), and its submit buttons. For measuring and
 * fault-testing scripts that act as staff over HTTP (`npm run chaos`), so that they post what the page offers
 * (one-time keys, versions) rather than a hand-copied field list.
 */
import { parseDocument } from "htmlparser2";
import type { Element } from "domhandler";

export interface PageForm {
  action: string | undefined;
  fields: Array<[string, string]>;
  /** Submit buttons' name=value pairs (e.g. intent=status). */
  buttons: Array<[string, string]>;
  /** Every option of each select, by the select's name. */
  options: Record<string, string[]>;
}

function children(node: Element): Element[] {
  return node.children.filter((c): c is Element => c.type === "tag" || c.type === "script" || c.type === "style");
}

function text(node: Element): string {
  return node.children.map((c) => ("data" in c ? String(c.data) : c.type === "tag" ? text(c as Element) : "")).join("");
}

export function postForms(html: string): PageForm[] {
  const forms: PageForm[] = [];
  const walk = (node: Element, form: PageForm | undefined) => {
    let current = form;
    const a = node.attribs ?? {};
    if (node.name === "form") {
      if ((a.method ?? "get").toLowerCase() !== "post") return;
      current = { action: a.action, fields: [], buttons: [], options: {} };
      forms.push(current);
    } else if (current && a.name !== undefined && !("disabled" in a)) {
      if (node.name === "input") {
        const type = (a.type ?? "text").toLowerCase();
        if (type === "submit") current.buttons.push([a.name, a.value ?? ""]);
        else if ((type === "checkbox" || type === "radio") && !("checked" in a)) {
          // unchecked: not submitted
        } else if (type !== "file" && type !== "button") current.fields.push([a.name, a.value ?? (type === "checkbox" ? "on" : "")]);
      } else if (node.name === "textarea") current.fields.push([a.name, text(node)]);
      else if (node.name === "select") {
        const options = node.children.flatMap((c) => (c.type === "tag" ? ((c as Element).name === "optgroup" ? children(c as Element) : [c as Element]) : []));
        const values = options.filter((o) => o.name === "option").map((o) => o.attribs.value ?? text(o));
        current.options[a.name] = values;
        const selected = options.find((o) => "selected" in o.attribs);
        current.fields.push([a.name, selected ? (selected.attribs.value ?? text(selected)) : (values[0] ?? "")]);
      } else if (node.name === "button" && (a.type ?? "submit") === "submit") current.buttons.push([a.name, a.value ?? ""]);
    }
    for (const child of children(node)) walk(child, current);
  };
  for (const node of parseDocument(html).children) if (node.type === "tag") walk(node as Element, undefined);
  return forms;
}

/** The form with a submit button name=value, or with a field of that name and value (e.g. intent hidden). */
export function formWith(forms: PageForm[], name: string, value: string): PageForm | undefined {
  return forms.find((f) => f.buttons.some(([n, v]) => n === name && v === value) || f.fields.some(([n, v]) => n === name && v === value));
}

/** The form's fields with some replaced or added, and the button's pair, as a urlencoded body. */
export function formBody(form: PageForm, changes: Record<string, string>, button?: [string, string]): URLSearchParams {
  const body = new URLSearchParams();
  for (const [name, value] of form.fields) if (!(name in changes)) body.append(name, value);
  for (const [name, value] of Object.entries(changes)) body.append(name, value);
  if (button && !body.has(button[0])) body.append(button[0], button[1]);
  return body;
}

/**
 * The request form (/request) as a browser posts it without JavaScript: the fields a visitor fills in, the
 * consent box, the honeypot left empty and the form's one-time idempotency key. For scripts and tests that
 * submit service requests over plain HTTP (the fault test, the cluster and durability tests, the live bench).
 */
export function serviceRequestForm(
  mobile: string,
  fields: { contactName?: string; urgency?: "emergency" | "within_24h" | "planned"; idempotencyKey?: string; siteAddress?: string; city?: string; faultDescription?: string } = {},
): URLSearchParams {
  return new URLSearchParams({
    contactName: fields.contactName ?? "Ravi Kumar",
    mobile,
    siteAddress: fields.siteAddress ?? "Plot 12, IDA Jeedimetla",
    city: fields.city ?? "Hyderabad",
    service: "vfd-repair",
    equipmentBrand: "ABB",
    faultDescription: fields.faultDescription ?? "Drive trips on overcurrent at start-up.",
    urgency: fields.urgency ?? "planned",
    consent: "yes",
    fax_number_2: "",
    idempotencyKey: fields.idempotencyKey ?? crypto.randomUUID(),
  });
}
