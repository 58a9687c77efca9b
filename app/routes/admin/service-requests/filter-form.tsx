import { FilterInput, FilterPanel, FilterSelect, type Option } from "~/components/admin/filter-form.tsx";

/**
 * The service-request list's filters (the kit's FilterPanel). "Clear filters" goes back to the list's
 * default (open requests, newest first). The status tab in use rides along as a hidden field.
 */
export interface FilterValues {
  status: string;
  urgency?: string;
  service?: string;
  city?: string;
  from?: string;
  to?: string;
  technician?: string;
  sla?: string;
  q?: string;
  sort: string;
}

export function FilterForm({
  action,
  filters: f,
  choices,
  urgencies,
  slaStates,
  sorts,
}: {
  action: string;
  filters: FilterValues;
  choices: { services: Array<{ slug: string; name: string }>; technicians: Array<{ id: number; name: string }> };
  urgencies: Option[];
  slaStates: Option[];
  sorts: Option[];
}) {
  return (
    <FilterPanel action={action} label="Filter service requests" keep={{ status: f.status === "open" ? undefined : f.status }} clear={{ href: action }}>
      <FilterInput name="q" type="search" label="Search" value={f.q} hint="Reference, contact name, mobile number or company" wide />
      <FilterSelect name="urgency" label="Urgency" value={f.urgency} any="Any urgency" options={urgencies} />
      <FilterSelect name="service" label="Service" value={f.service} any="Any service" options={choices.services.map((s) => ({ value: s.slug, label: s.name }))} />
      <FilterInput name="city" label="City" value={f.city} hint="The start of the name" maxLength={80} />
      <FilterInput name="from" type="date" label="Received from" value={f.from} />
      <FilterInput name="to" type="date" label="Received to" value={f.to} />
      <FilterSelect
        name="technician"
        label="Technician"
        value={f.technician}
        any="Any technician"
        options={[{ value: "unassigned", label: "Unassigned" }, ...choices.technicians.map((t) => ({ value: String(t.id), label: t.name }))]}
      />
      <FilterSelect name="sla" label="Response promise" value={f.sla} any="Any" options={slaStates} />
      <FilterSelect name="sort" label="Sort" value={f.sort} options={sorts} />
    </FilterPanel>
  );
}
