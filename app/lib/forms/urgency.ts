/** How urgent a service request is: the choices and their labels (no validation library needed). */
export const URGENCIES = [
  { value: "emergency", label: "Emergency breakdown", hint: "A line or machine is stopped now" },
  { value: "within_24h", label: "Within 24 hours", hint: "Running, but needs attention soon" },
  { value: "planned", label: "Planned", hint: "A shutdown job, AMC visit or quotation" },
] as const;
export type Urgency = (typeof URGENCIES)[number]["value"];
export const urgencyLabel = (u: Urgency) => URGENCIES.find((x) => x.value === u)!.label;
