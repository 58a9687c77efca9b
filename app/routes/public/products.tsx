import { listEntries, listServices } from "~/.server/content/index.ts";
import { postEnquiry } from "~/.server/enquiries/index.ts";
import { publicCatalogue } from "~/.server/products/catalogue.ts";
import { clientAddress, respond } from "~/.server/forms/index.ts";
import { formPageHeaders } from "~/.server/http/cache.ts";
import { seo } from "~/.server/seo.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";
import { PageHeading } from "~/components/page-heading.tsx";
import { EnquiryForm } from "~/components/form/enquiry-form.tsx";
import { FormSection } from "~/components/form/form-section.tsx";
import { routeMeta } from "~/lib/route-meta.ts";
import type { Route } from "./+types/products";

export async function loader({ url }: Route.LoaderArgs) {
  const [site, products, services, catalogue] = await Promise.all([getSiteSettings(), listEntries("product"), listServices(), publicCatalogue()]);
  const wanted = url.searchParams.get("product") ?? "";
  const chosen = products.find((p) => p.title === wanted);
  // ?item= (an "Ask for a quote" link) names one listed item of the chosen category: the quotation form
  // opens on its category with the item already written in the requirements.
  const item = chosen ? catalogue[chosen.slug]?.find((i) => String(i.id) === url.searchParams.get("item")) : undefined;
  return {
    chosen: chosen ? wanted : "",
    chosenItem: item ? `Quotation for ${itemLabel(item)}. Quantity: ` : "",
    services: services.map((s) => s.name),
    products: products.map((p) => ({
      slug: p.slug,
      name: p.title,
      summary: p.summary,
      brands: p.data.brands,
      notes: p.data.notes,
      // Published, active items from the products list (/admin/products); no prices: we quote.
      items: (catalogue[p.slug] ?? []).map((i) => ({ id: i.id, name: i.name, makeModel: [i.make, i.model].filter(Boolean).join(" "), unit: i.unit })),
    })),
    meta: seo(site, {
      type: "services",
      title: "Products: Drives, PLCs, HMIs and Spares",
      description:
        "AC and servo drives, PLC CPUs and I/O, HMIs, soft starters, UPS, APFC capacitors, switchgear, encoders and drive spares, tested before supply.",
      path: "/products",
      breadcrumbs: [{ name: "Products", path: "/products" }],
    }),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return respond(await postEnquiry(request, clientAddress(context), ["quote", "product-enquiry"]));
}

export const headers = formPageHeaders;

function itemLabel(i: { name: string; make: string | null; model: string | null }): string {
  const makeModel = [i.make, i.model].filter(Boolean).join(" ");
  return makeModel ? `${makeModel} (${i.name})` : i.name;
}

export const meta = routeMeta;

export default function Products({ loaderData, actionData }: Route.ComponentProps) {
  const { products, services, chosen, chosenItem } = loaderData;
  const productNames = products.map((p) => p.name);
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <PageHeading trail={[{ name: "Products", path: "/products" }]} className="mt-4 max-w-3xl" title="Products and spares" summary="Drives, controllers and panel components we supply, install and commission, alongside our repair work. Ask us for availability and a quotation." contact={{ requestHref: "/contact", whatsappText: "Hello, I would like a quotation for a product. Please contact me." }} />
      <ul className="mt-10 grid gap-5 md:grid-cols-2">
        {products.map((p) => (
          <li key={p.slug}>
            <section
              id={p.slug}
              aria-labelledby={`${p.slug}-heading`}
              className="h-full rounded-lg border border-slate-200 p-5 dark:border-slate-800"
            >
              <h2 id={`${p.slug}-heading`} className="text-xl font-semibold">
                {p.name}
              </h2>
              <p className="mt-2 text-slate-700 dark:text-slate-300">{p.summary}</p>
              <h3 className="mt-4 text-sm font-semibold">Makes and series</h3>
              <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-slate-700 dark:text-slate-300">
                {p.brands.map((b) => (
                  <li key={b}>{b}</li>
                ))}
              </ul>
              <h3 className="mt-4 text-sm font-semibold">How we supply it</h3>
              <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-slate-700 dark:text-slate-300">
                {p.notes.map((n) => (
                  <li key={n}>{n}</li>
                ))}
              </ul>
              {p.items.length > 0 && (
                <>
                  <h3 className="mt-4 text-sm font-semibold">Items we supply</h3>
                  <ul className="mt-1 divide-y divide-slate-200 text-sm dark:divide-slate-800">
                    {p.items.map((i) => (
                      <li key={i.id} className="flex flex-wrap items-baseline justify-between gap-x-3 py-2">
                        <span>
                          <span className="block font-medium">{i.name}</span>
                          <span className="block text-slate-700 dark:text-slate-300">
                            {i.makeModel && `${i.makeModel} · `}per {i.unit}
                          </span>
                        </span>
                        <a href={`/products?product=${encodeURIComponent(p.name)}&item=${i.id}#quote`} className="font-semibold text-brand-700 underline dark:text-sky-300">
                          Ask for a quote<span className="sr-only">: {i.makeModel ? `${i.makeModel} ${i.name}` : i.name}</span>
                        </a>
                      </li>
                    ))}
                  </ul>
                </>
              )}
              <p className="mt-4 flex flex-wrap gap-x-4 gap-y-1 text-sm font-semibold">
                <a href={`/products?product=${encodeURIComponent(p.name)}#quote`} className="text-brand-700 underline dark:text-sky-300">
                  Request a quote<span className="sr-only">: {p.name}</span>
                </a>
                <a href={`/products?product=${encodeURIComponent(p.name)}#enquiry`} className="text-brand-700 underline dark:text-sky-300">
                  Ask a question<span className="sr-only">: {p.name}</span>
                </a>
              </p>
            </section>
          </li>
        ))}
      </ul>
      <div className="grid gap-x-6 lg:grid-cols-2">
        <FormSection id="quote" title="Request a quotation" intro="For a product or a service: we reply with price, availability and lead time.">
          {/* Keyed on the choice: a "Request a quote" link followed in the page (client navigation) opens the
              form anew on it, as a full page load would; the fields' values are defaults, read at mount. */}
          <EnquiryForm
            key={`${chosen}|${chosenItem}`}
            form="quote"
            action="/products#quote"
            failure={actionData}
            options={{ subject: [...productNames, ...services] }}
            defaults={chosen ? { subject: chosen, ...(chosenItem ? { message: chosenItem } : {}) } : {}}
          />
        </FormSection>
        <FormSection id="enquiry" title="Ask about a product" intro="Availability, specifications, or whether it fits what you have.">
          <EnquiryForm
            key={chosen}
            form="product-enquiry"
            action="/products#enquiry"
            failure={actionData}
            options={{ subject: productNames }}
            defaults={chosen ? { subject: chosen } : {}}
          />
        </FormSection>
      </div>
    </div>
  );
}
