import { FilterInput, FilterPanel, FilterSelect, type Option } from "~/components/admin/filter-form.tsx";

/**
 * The technicians list's filters (the kit's FilterPanel). The tab in use rides along as a hidden field;
 * "Clear filters" keeps the tab.
 */
export interface TechnicianFilterValues {
  status: string;
  city?: string;
  skill?: string;
  service?: string;
  available?: string;
  q?: string;
  sort: string;
}

export function TechnicianFilterForm({
  action,
  clearHref,
  filters: f,
  skills,
  services,
  sorts,
}: {
  action: string;
  clearHref: string;
  filters: TechnicianFilterValues;
  skills: Option[];
  services: Option[];
  sorts: Option[];
}) {
  return (
    <FilterPanel action={action} label="Filter technicians" keep={{ status: f.status === "approved" ? undefined : f.status }} clear={{ href: clearHref }}>
      <FilterInput name="q" type="search" label="Search" value={f.q} hint="Name, mobile number or reference (TA-...)" wide />
      <FilterInput name="city" label="Base city" value={f.city} hint="The start of the name" maxLength={80} />
      <FilterSelect
        name="available"
        label="Available now"
        value={f.available}
        any="Either"
        options={[
          { value: "yes", label: "Available now" },
          { value: "no", label: "Not available now" },
        ]}
      />
      <FilterSelect name="skill" label="Skill" value={f.skill} any="Any skill" options={skills} />
      <FilterSelect name="service" label="Service" value={f.service} any="Any service" options={services} />
      <FilterSelect name="sort" label="Sort" value={f.sort} options={sorts} />
    </FilterPanel>
  );
}
