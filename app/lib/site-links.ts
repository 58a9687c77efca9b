/**
 * The site's navigation, from spec section 2 "Header, footer and navigation". One list, read by the
 * header, the mobile menu, the footer and the 404 page, so that a link is renamed in one place.
 */
export interface SiteLink {
  to: string;
  label: string;
  /** A shorter label where space is tight (the mobile menu). */
  shortLabel?: string;
}

export const primaryNav: SiteLink[] = [
  { to: "/", label: "Home" },
  { to: "/services", label: "Services" },
  { to: "/future-services", label: "Future Services" },
  { to: "/products", label: "Products" },
  { to: "/projects", label: "Projects" },
  { to: "/power-electronics", label: "Electronics" },
  { to: "/technical-data", label: "Technical Data" },
  { to: "/blog", label: "Blog" },
  { to: "/discussion", label: "Discussion", shortLabel: "Forum" },
  { to: "/contact", label: "Contact" },
];

export const requestServiceLink: SiteLink = { to: "/request", label: "Request Service" };

export const signInLinks: SiteLink[] = [
  { to: "/customer/login", label: "Customer Login" },
  { to: "/technician/login", label: "Technician Login" },
  { to: "/technician/register", label: "Technician Registration" },
];

export const dashboardLink: SiteLink = { to: "/customer/mobile", label: "My Dashboard", shortLabel: "My Requests" };

export const footerServiceLinks: SiteLink[] = [
  { to: "/services/vfd-panel-repair", label: "VFD Panel Repair" },
  { to: "/services/plc-repair", label: "PLC Repair" },
  { to: "/services/servo-drive-repair", label: "Servo Drive Repair" },
  { to: "/services/motor-repair", label: "Motor Repair" },
  { to: "/services/amc-services", label: "AMC Services" },
  { to: "/services/breakdown-services", label: "Breakdown Services" },
];

export const footerCompanyLinks: SiteLink[] = [
  { to: "/about", label: "About Us" },
  { to: "/careers", label: "Careers" },
  { to: "/projects", label: "Projects" },
  { to: "/blog", label: "Blog" },
  { to: "/contact", label: "Contact" },
];

export const footerLegalLinks: SiteLink[] = [
  { to: "/privacy", label: "Privacy Policy" },
  { to: "/terms", label: "Terms & Conditions" },
  { to: "/return-policy", label: "Return Policy" },
];

/** 404 page: "popular pages" and "quick service links" (spec section 2, 404 page). */
export const popularPages: SiteLink[] = [
  { to: "/", label: "Home" },
  { to: "/services", label: "Services" },
  { to: "/products", label: "Products" },
  { to: "/projects", label: "Projects" },
  { to: "/about", label: "About Us" },
  { to: "/contact", label: "Contact" },
];

export const quickServiceLinks: SiteLink[] = [
  { to: "/services/vfd-repair", label: "VFD Repair" },
  { to: "/services/plc-repair", label: "PLC Repair" },
  { to: "/services/control-panel-fabrication", label: "Panel Fabrication" },
  { to: "/services/energy-audit", label: "Energy Audit" },
  { to: "/services/solar-epc", label: "Solar EPC" },
  { to: "/services/amc", label: "AMC" },
];
